import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttributeInput, AttributeUpdateInput, ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const PRODUCT_TYPES_URL = '/api/admin/product-types';
const OPTION_TYPES_URL = '/api/admin/option-types';
const OPTION_VALUES_URL = '/api/admin/option-values';

export function useProductTypeCatalog() {
  return useQuery({ queryKey: [PRODUCT_TYPES_URL], queryFn: () => getJson<ProductTypeCatalog>(PRODUCT_TYPES_URL) });
}

export type Change =
  | { kind: 'add-type'; name: string }
  | { kind: 'delete-type'; id: number }
  | { kind: 'rename-axis'; id: number; name: string }
  | { kind: 'delete-axis'; id: number }
  | { kind: 'rename-value'; id: number; label: string }
  | { kind: 'order-values'; axisId: number; ids: number[] }
  | { kind: 'delete-value'; id: number }
  | { kind: 'rename-type'; id: number; name: string }
  | { kind: 'order-types'; ids: number[] }
  | { kind: 'axes'; id: number; optionTypeIds: number[] }
  | { kind: 'add-axis'; name: string }
  | { kind: 'add-attribute'; typeId: number; input: AttributeInput }
  | { kind: 'change-attribute'; id: number; input: AttributeUpdateInput }
  | { kind: 'order-attributes'; typeId: number; ids: number[] }
  | { kind: 'delete-attribute'; id: number };

function send(change: Change): Promise<ProductTypeCatalog | AttributeDefinition | unknown> {
  switch (change.kind) {
    case 'add-type':
      return apiRequest('POST', PRODUCT_TYPES_URL, { name: change.name });
    case 'delete-type':
      return apiRequest('DELETE', `${PRODUCT_TYPES_URL}/${change.id}`);
    case 'rename-axis':
      return apiRequest('PATCH', `${OPTION_TYPES_URL}/${change.id}`, { name: change.name });
    case 'delete-axis':
      return apiRequest('DELETE', `${OPTION_TYPES_URL}/${change.id}`);
    case 'rename-value':
      return apiRequest('PATCH', `${OPTION_VALUES_URL}/${change.id}`, { label: change.label });
    case 'order-values':
      return apiRequest('PUT', `${OPTION_TYPES_URL}/${change.axisId}/values/order`, { ids: change.ids });
    case 'delete-value':
      return apiRequest('DELETE', `${OPTION_VALUES_URL}/${change.id}`);
    case 'rename-type':
      return apiRequest('PATCH', `${PRODUCT_TYPES_URL}/${change.id}`, { name: change.name });
    case 'order-types':
      return apiRequest('PUT', `${PRODUCT_TYPES_URL}/order`, { ids: change.ids });
    case 'axes':
      return apiRequest('PUT', `${PRODUCT_TYPES_URL}/${change.id}/options`, { optionTypeIds: change.optionTypeIds });
    case 'add-axis':
      return apiRequest('POST', OPTION_TYPES_URL, { name: change.name });
    case 'add-attribute':
      return apiRequest('POST', `${PRODUCT_TYPES_URL}/${change.typeId}/attributes`, change.input);
    case 'change-attribute':
      return apiRequest('PATCH', `/api/admin/attributes/${change.id}`, change.input);
    case 'order-attributes':
      return apiRequest('PUT', `${PRODUCT_TYPES_URL}/${change.typeId}/attributes/order`, { ids: change.ids });
    case 'delete-attribute':
      return apiRequest('DELETE', `/api/admin/attributes/${change.id}`);
  }
}

const DONE: Record<Change['kind'], string> = {
  'add-type': 'Product type added',
  'delete-type': 'Product type deleted',
  'rename-axis': 'Option axis renamed',
  'delete-axis': 'Option axis deleted',
  'rename-value': 'Option value renamed',
  'order-values': 'Option values reordered',
  'delete-value': 'Option value deleted',
  'rename-type': 'Product type renamed',
  'order-types': 'Product types reordered',
  axes: 'Option axes saved',
  'add-axis': 'Option axis added',
  'add-attribute': 'Spec field added',
  'change-attribute': 'Spec field saved',
  'order-attributes': 'Spec fields reordered',
  'delete-attribute': 'Spec field deleted',
};

/** Every edit of the types page: one mutation, the catalogue re-read after each. */
export function useProductTypeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_result, change) => {
      void queryClient.invalidateQueries({ queryKey: [PRODUCT_TYPES_URL] });
      toast({ title: DONE[change.kind] });
    },
    onError: (error: Error) => toast({ title: 'Failed to save', description: error.message, variant: 'destructive' }),
  });
}
