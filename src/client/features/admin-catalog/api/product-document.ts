import { useQuery } from '@tanstack/react-query';
import type { ProductDocument } from '#common/schemas/product-document.ts';
import { apiFormRequest, apiRequest, getJson } from '#client/lib/api-client.ts';
import type { LoadedDocument } from '../components/product-editor/editor-model.ts';

export type SavedDocument = LoadedDocument & { id: number };

const documentUrl = (id: number) => `/api/admin/products/${id}/document`;

export function useProductDocument(id: number | null) {
  return useQuery({
    queryKey: ['/api/admin/products', id, 'document'],
    queryFn: () => getJson<SavedDocument>(documentUrl(id!)),
    enabled: id !== null,
    // the editor holds its own copy; a refetch under it would not be shown anyway
    staleTime: Infinity,
  });
}

/** Saves a whole product: a new one (POST) or one that exists (PUT, replacing it). */
export const saveProductDocument = ({ id, document }: { id: number | null; document: ProductDocument }): Promise<SavedDocument> =>
  id === null ? apiRequest<SavedDocument>('POST', '/api/admin/products/document', document) : apiRequest<SavedDocument>('PUT', documentUrl(id), document);

/** Stores one gallery image and answers its URL. */
export function uploadGalleryImage(file: File, name: string): Promise<{ url: string }> {
  const form = new FormData();
  form.set('name', name);
  form.set('image', file);
  return apiFormRequest<{ url: string }>('POST', '/api/admin/images', form);
}
