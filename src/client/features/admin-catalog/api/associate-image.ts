import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssociateImageInput, AssociateImageResult } from '#common/schemas/admin-images.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

export const associateImage = (input: AssociateImageInput): Promise<AssociateImageResult> =>
  apiRequest<AssociateImageResult>('POST', '/api/image-manager/associate-image', input);

/** Callers give their own toasts: the automatic recovery reports one summary for many calls. */
export function useAssociateImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: associateImage, onSettled: () => invalidateCatalog(queryClient) });
}
