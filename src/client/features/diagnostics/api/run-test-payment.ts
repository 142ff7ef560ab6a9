import { useMutation } from '@tanstack/react-query';
import type { TestPaymentResult } from '#common/schemas/diagnostics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const runTestPayment = (amount: number): Promise<TestPaymentResult> => apiRequest<TestPaymentResult>('POST', '/api/test-payment-flow', { amount });

/** "Test failed" with the server's message. */
export function useRunTestPayment() {
  return useMutation({
    mutationFn: runTestPayment,
    onError: (error: Error) => {
      console.error('Test payment failed', error);
      toast({ title: 'Test failed', description: error.message, variant: 'destructive' });
    },
  });
}
