import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingMethodInput, ShippingSettingsInput, ShippingZoneInput } from '#common/schemas/shipping.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { SHIPPING_URL } from './get-shipping-profile.ts';

type Write =
  | { what: 'zone'; id: number | null; input: ShippingZoneInput }
  | { what: 'method'; zoneId: number; id: number | null; input: ShippingMethodInput }
  | { what: 'delete-zone'; id: number }
  | { what: 'delete-method'; zoneId: number; id: number }
  | { what: 'settings'; input: ShippingSettingsInput };

function send(write: Write): Promise<unknown> {
  const zones = `${SHIPPING_URL}/zones`;
  switch (write.what) {
    case 'zone':
      return write.id === null ? apiRequest('POST', zones, write.input) : apiRequest('PUT', `${zones}/${write.id}`, write.input);
    case 'method':
      return write.id === null
        ? apiRequest('POST', `${zones}/${write.zoneId}/methods`, write.input)
        : apiRequest('PUT', `${zones}/${write.zoneId}/methods/${write.id}`, write.input);
    case 'delete-zone':
      return apiRequest('DELETE', `${zones}/${write.id}`);
    case 'delete-method':
      return apiRequest('DELETE', `${zones}/${write.zoneId}/methods/${write.id}`);
    case 'settings':
      return apiRequest('PUT', `${SHIPPING_URL}/settings`, write.input);
  }
}

const DONE: Record<Write['what'], string> = {
  zone: 'Zone saved',
  method: 'Method saved',
  'delete-zone': 'Zone deleted',
  'delete-method': 'Method deleted',
  settings: 'Time zone saved',
};

/** Every write of the Shipping tab: the list is read again after each. Refusals go to the caller's form. */
export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, write) => {
      void queryClient.invalidateQueries({ queryKey: [SHIPPING_URL] });
      toast({ title: DONE[write.what] });
    },
  });
}
