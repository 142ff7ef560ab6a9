import { useMutation } from '@tanstack/react-query';
import type { StockAlertSignup, StockAlertSignupResult } from '#common/schemas/stock-alerts.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const signUpStockAlert = (input: StockAlertSignup): Promise<StockAlertSignupResult> => apiRequest<StockAlertSignupResult>('POST', '/api/stock-alerts', input);

export function useSignUpStockAlert() {
  return useMutation({ mutationFn: signUpStockAlert });
}
