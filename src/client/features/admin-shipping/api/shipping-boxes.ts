import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingBoxInput, ShippingBoxList } from '#common/schemas/shipping.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';

const BOXES_URL = '/api/admin/shipping/boxes';

/** The owner's boxes, smallest inside first (docs/decisions/069). */
export function useShippingBoxes() {
  return useQuery({ queryKey: [BOXES_URL], queryFn: () => getJson<ShippingBoxList>(BOXES_URL) });
}

type BoxWrite = { id: number | null; input: ShippingBoxInput } | { id: number; delete: true };

/** Adds, changes or deletes a box; the list is read again after each. Refusals go to the caller's form. */
export function useSaveShippingBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: BoxWrite): Promise<unknown> => {
      if ('delete' in write) return apiRequest('DELETE', `${BOXES_URL}/${write.id}`);
      return write.id === null ? apiRequest('POST', BOXES_URL, write.input) : apiRequest('PUT', `${BOXES_URL}/${write.id}`, write.input);
    },
    onSuccess: (_answer, write) => {
      void queryClient.invalidateQueries({ queryKey: [BOXES_URL] });
      toast({ title: 'delete' in write ? 'Box deleted' : 'Box saved' });
    },
  });
}
