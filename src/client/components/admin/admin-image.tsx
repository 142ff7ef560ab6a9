import { ImageOff } from 'lucide-react';
import { thumbnailUrl } from '#common/images.ts';
import { cn } from '#client/lib/cn.ts';

/** A small square preview of a product or brand image (the thumbnail twin when there is one). */
export function AdminImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const box = cn('h-14 w-14 shrink-0 rounded-md border border-gray-200 bg-gray-50', className);
  if (!src) {
    return (
      <span className={cn(box, 'flex items-center justify-center text-gray-400')} title="No image">
        <ImageOff className="h-5 w-5" aria-hidden="true" />
        <span className="sr-only">No image</span>
      </span>
    );
  }
  return <img src={thumbnailUrl(src) ?? src} alt={alt} loading="lazy" decoding="async" width={56} height={56} className={cn(box, 'object-cover')} />;
}
