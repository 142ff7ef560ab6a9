import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactInfoInput } from '#common/schemas/admin-content.ts';
import type { ContactInfo } from '#common/schemas/content.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { contactInfoQueryOptions } from '#client/lib/get-contact-info.ts';

const updateContactInfo = (input: ContactInfoInput): Promise<ContactInfo> => apiRequest<ContactInfo>('POST', '/api/contact-info', input);

export function useUpdateContactInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactInfo,
    onSuccess: (info) => {
      queryClient.setQueryData(contactInfoQueryOptions().queryKey, info);
      toast({ title: 'Contact information updated' });
    },
    onError: (error: Error) => toast({ title: 'Failed to update contact information', description: error.message, variant: 'destructive' }),
  });
}
