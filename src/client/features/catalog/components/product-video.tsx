import { useId, useState } from 'react';
import { Play } from 'lucide-react';
import { videoEmbedUrl } from '#common/product-video.ts';
import type { ProductVideo as Video } from '#common/schemas/product-video.ts';

const PROVIDER_NAMES: Record<Video['provider'], string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * The owner's product video (decision 068): a poster button of the player's size, and only on its click
 * the provider's privacy-enhanced player (youtube-nocookie.com, Vimeo with dnt=1), so a page view sends
 * nothing to either and the frame takes the poster's place without moving the page.
 */
export function ProductVideo({ video, productName }: { video: Video; productName: string }) {
  const [playing, setPlaying] = useState(false);
  const noteId = useId();
  const provider = PROVIDER_NAMES[video.provider];
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-gray-900" data-testid="product-video">
      {playing ? (
        <iframe
          src={videoEmbedUrl(video)}
          title={`${productName} video`}
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={`Play video of ${productName}`}
          aria-describedby={noteId}
          className="group absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-3 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-lg transition-transform group-hover:scale-105">
            <Play className="ml-1 h-8 w-8" aria-hidden="true" />
          </span>
          <span className="text-base font-semibold">Play video</span>
          <span id={noteId} className="text-xs text-gray-200">
            Plays from {provider} when you press play
          </span>
        </button>
      )}
    </div>
  );
}
