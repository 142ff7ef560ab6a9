import { useId, useState, type DragEvent } from 'react';
import { GripVertical } from 'lucide-react';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { thumbnailUrl } from '#common/images.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { MoveButtons } from '../move-buttons.tsx';
import type { GalleryItem } from './editor-model.ts';

interface GallerySectionProps {
  images: GalleryItem[];
  /** stores the chosen files; the editor adds their URLs */
  onUpload: (files: File[]) => Promise<void>;
  onAlt: (index: number, alt: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  errors: Record<string, string>;
}

/** The ordered gallery: several files at once, drag to reorder (or the move buttons), alt text per image. */
export function GallerySection({ images, onUpload, onAlt, onMove, onRemove, errors }: GallerySectionProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(files: FileList | null) {
    const list = [...(files ?? [])];
    if (list.length === 0) return;
    const tooBig = list.filter((file) => file.size > MAX_UPLOAD_BYTES);
    setProblem(tooBig.length > 0 ? `${tooBig.map((file) => file.name).join(', ')}: larger than 5 MB, not added` : null);
    setUploading(true);
    try {
      await onUpload(list.filter((file) => file.size <= MAX_UPLOAD_BYTES));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Upload failed');
    } finally {
      setUploading(false);
    }
  }

  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragging !== null) onMove(dragging, index);
    setDragging(null);
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>Add images</Label>
        <Input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          className="pt-2"
          onChange={(event) => void choose(event.target.files).then(() => (event.target.value = ''))}
        />
        <p className="text-xs text-gray-600">{uploading ? 'Uploading…' : 'Choose several at once; the first image is the product’s main picture.'}</p>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
      {images.length === 0 ? <p className="text-sm text-gray-600">No images yet.</p> : null}
      <ol className="grid gap-2" aria-label="Gallery order">
        {images.map((image, index) => (
          <li
            key={image.url}
            draggable
            onDragStart={() => setDragging(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop(index)}
            onDragEnd={() => setDragging(null)}
            data-testid={`gallery-item-${index}`}
            className={`flex flex-col gap-3 rounded-md border p-2 sm:flex-row sm:items-center ${dragging === index ? 'border-primary bg-gray-50' : 'border-gray-200'}`}
          >
            <div className="flex items-center gap-2">
              <GripVertical className="h-5 w-5 cursor-grab text-gray-500" aria-hidden="true" />
              <img src={thumbnailUrl(image.url) ?? image.url} alt={image.alt} className="h-16 w-16 rounded object-cover" />
              <span className="text-sm text-gray-700">Image {index + 1}</span>
            </div>
            <div className="grid flex-1 gap-1">
              <Label htmlFor={`${inputId}-alt-${index}`}>Alt text of image {index + 1}</Label>
              <Input id={`${inputId}-alt-${index}`} value={image.alt} maxLength={300} onChange={(event) => onAlt(index, event.target.value)} />
              {errors[`images.${index}`] ? <p className="text-xs text-red-700">{errors[`images.${index}`]}</p> : null}
            </div>
            <div className="flex gap-2">
              <MoveButtons name={`image ${index + 1}`} index={index} count={images.length} onMove={(by) => onMove(index, index + by)} />
              <Button type="button" size="sm" variant="destructive" onClick={() => onRemove(index)} aria-label={`Remove image ${index + 1}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
