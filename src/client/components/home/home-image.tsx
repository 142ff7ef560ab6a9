import { catalogImageSrcSet } from '#common/images.ts';
import { cn } from '#client/lib/cn.ts';

/**
 * A picture in a home page section, sized (no layout shift) and lazy below the fold; the first section's
 * first picture is the page's largest candidate and is asked for eagerly at high priority.
 */
export function HomeImage({
  src,
  width,
  height,
  sizes,
  priority,
  className,
}: {
  src: string | null;
  width: number;
  height: number;
  sizes: string;
  priority: boolean;
  className?: string;
}) {
  if (!src) return <div aria-hidden="true" className={cn('bg-gray-100', className)} />;
  const srcSet = catalogImageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={cn('bg-gray-100 object-cover', className)}
    />
  );
}
