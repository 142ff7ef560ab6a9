import { queryOptions, useQuery } from '@tanstack/react-query';
import { StockHistory } from '#common/schemas/stock-ledger.ts';
import { getJson } from '#client/lib/api-client.ts';

const stockHistoryUrl = (variantId: number) => `/api/admin/variants/${variantId}/stock-history`;

const getStockHistory = async (variantId: number): Promise<StockHistory> => StockHistory.parse(await getJson<unknown>(stockHistoryUrl(variantId)));

const stockHistoryQueryOptions = (variantId: number) =>
  queryOptions({ queryKey: [stockHistoryUrl(variantId)], queryFn: () => getStockHistory(variantId), staleTime: 0 });

/** A variant's newest stock changes, read while its history is open. */
export function useStockHistory(variantId: number, enabled: boolean) {
  return useQuery({ ...stockHistoryQueryOptions(variantId), enabled });
}
