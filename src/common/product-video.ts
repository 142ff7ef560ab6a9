import type { ProductVideo } from './schemas/product-video.ts';

// A product's video (decision 068): only YouTube or Vimeo, kept as the provider and the video's id. The
// page never embeds a pasted address: it builds the privacy-enhanced player's address from the id, so the
// shop's CSP can allow exactly those two frame hosts, and nothing is fetched from them before a click.

// The schema is in schemas/product-video.ts, so the product page's player takes these rules without zod.

/** The frames the product page may open: YouTube's no-cookie player and Vimeo's player. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export const VIDEO_URL_MESSAGE = 'Video must be a YouTube or Vimeo link';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v' ? (id ?? null) : null;
}

function vimeoId(url: URL): string | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/<id>; vimeo.com/<id>, /channels/<name>/<id>, /groups/<name>/videos/<id>: the id is the last number
  if (url.hostname === 'player.vimeo.com') return parts[0] === 'video' ? (parts[1] ?? null) : null;
  return [...parts].reverse().find((part) => VIMEO_ID.test(part)) ?? null;
}

/** The video a YouTube or Vimeo address (https or http) names; null for anything else, another host above all. */
export function parseVideoUrl(text: string): ProductVideo | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const youtube = youtubeId(url);
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', id: youtube } : null;
  const vimeo = vimeoId(url);
  return vimeo !== null && VIMEO_ID.test(vimeo) ? { provider: 'vimeo', id: vimeo } : null;
}

/** The address the owner sees for a kept video (its canonical watch page). */
export function videoWatchUrl(video: ProductVideo): string {
  return video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${video.id}` : `https://vimeo.com/${video.id}`;
}

/** The privacy-enhanced player, asked to start at once: it is only opened by the shopper's click. */
export function videoEmbedUrl(video: ProductVideo): string {
  return video.provider === 'youtube'
    ? `${VIDEO_FRAME_ORIGINS[0]}/embed/${encodeURIComponent(video.id)}?autoplay=1&rel=0`
    : `${VIDEO_FRAME_ORIGINS[1]}/video/${encodeURIComponent(video.id)}?dnt=1&autoplay=1`;
}
