import { useEffect, useRef, useState } from 'react';
import { ImageOff } from '#client/components/ui/icons.tsx';
import { catalogImageSrcSet } from '#common/images.ts';
import { cn } from '#client/lib/cn.ts';
import { cacheBustedUrl } from './image-retry.ts';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the thumbnail when it is enough. */
  sizes: string;
  priority?: boolean;
  className?: string;
  /** Text when there is no image at all. */
  emptyText?: string;
  /** cover crops to fill the box (cards); contain shows the whole image (hero, logos). */
  fit?: 'cover' | 'contain';
}

/**
 * A catalogue image with a WebP srcset for uploads, lazy unless it is the page's largest image.
 * A broken image is retried once with a cache-busting query, then shows "Image unavailable" (hidden from
 * assistive technology when the image is decorative, alt=""). An image that broke before the page's script
 * ran (a server-rendered page) is caught when the component mounts: its error event has come and gone.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  emptyText = 'No image available',
  fit = 'cover',
}: ProductImageProps) {
  const [attempt, setAttempt] = useState<{ src: string | null | undefined; retried: boolean; failed: boolean; url: string | null }>({
    src,
    retried: false,
    failed: false,
    url: src ?? null,
  });
  // a different product in the same slot (carousel, grid) starts afresh
  const state = attempt.src === src ? attempt : { src, retried: false, failed: false, url: src ?? null };
  const image = useRef<HTMLImageElement>(null);
  const onError = () =>
    setAttempt(state.retried || !state.url ? { ...state, failed: true } : { ...state, retried: true, url: cacheBustedUrl(state.src ?? state.url) });

  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && element.currentSrc) onError();
    // only the first picture drawn: later errors arrive as events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!state.url || state.failed) {
    return (
      <div
        aria-hidden={alt === '' ? true : undefined}
        className={cn('flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600', className)}
      >
        <ImageOff className="h-8 w-8 text-gray-400" aria-hidden="true" />
        <span>{state.failed ? 'Image unavailable' : emptyText}</span>
      </div>
    );
  }

  const srcSet = state.retried ? undefined : catalogImageSrcSet(state.src);

  return (
    <img
      ref={image}
      src={state.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={cn(fit === 'cover' ? 'bg-gray-100 object-cover' : 'object-contain', className)}
      onError={onError}
    />
  );
}
