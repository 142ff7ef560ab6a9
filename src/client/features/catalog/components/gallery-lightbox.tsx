import type { KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ProductImage } from '#common/schemas/catalog-model.ts';
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/cn.ts';

const roundButton =
  'flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow ring-1 ring-gray-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40';

/** The gallery's zoomed view: the image large, arrows and arrow keys to step, Esc to close. Loaded on the first zoom. */
export default function GalleryLightbox({
  open,
  onOpenChange,
  name,
  image,
  alt,
  index,
  count,
  go,
  onKeyDown,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  image: ProductImage;
  alt: string;
  index: number;
  count: number;
  go: (index: number) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl p-3 sm:p-4" onKeyDown={onKeyDown} aria-describedby={undefined}>
        <DialogTitle className="pr-10 text-base">
          {name}
          {count > 1 ? <span className="ml-2 font-normal text-gray-600">{`Image ${index + 1} of ${count}`}</span> : null}
        </DialogTitle>
        <div className="relative">
          <img src={image.url} alt={alt} className="mx-auto max-h-[75vh] w-auto object-contain" />
          {count > 1 ? (
            <>
              <button
                type="button"
                className={cn(roundButton, 'absolute top-1/2 left-2 -translate-y-1/2')}
                onClick={() => go(index - 1)}
                disabled={index === 0}
                aria-label="Previous image"
              >
                <ChevronLeft className="h-5 w-5" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={cn(roundButton, 'absolute top-1/2 right-2 -translate-y-1/2')}
                onClick={() => go(index + 1)}
                disabled={index === count - 1}
                aria-label="Next image"
              >
                <ChevronRight className="h-5 w-5" aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
