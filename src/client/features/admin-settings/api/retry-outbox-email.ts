import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { OUTBOX_URL } from './get-outbox-emails.ts';

const retryOutboxEmail = (id: number): Promise<OutboxEmail> => apiRequest<OutboxEmail>('POST', `${OUTBOX_URL}/${id}/retry`);

export function useRetryOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxEmail,
    onSuccess: (email) => {
      void queryClient.invalidateQueries({ queryKey: [OUTBOX_URL] });
      toast({ title: 'E-mail queued again', description: `To ${email.recipient}` });
    },
    onError: (error: Error) => toast({ title: 'Failed to retry the e-mail', description: error.message, variant: 'destructive' }),
  });
}
