import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockAlertDemand } from '#common/schemas/stock-alerts.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

const STOCK_ALERT_DEMAND_URL = '/api/admin/stock-alerts';

const getStockAlertDemand = (productId: number): Promise<StockAlertDemand> => getJson<StockAlertDemand>(withQuery(STOCK_ALERT_DEMAND_URL, { productId }));

const stockAlertDemandQueryOptions = (productId: number) =>
  queryOptions({ queryKey: [STOCK_ALERT_DEMAND_URL, productId], queryFn: () => getStockAlertDemand(productId), staleTime: 0 });

/** How many confirmed back-in-stock sign-ups wait for each variant, by variant id (a new product has none). */
export function useStockAlertDemand(productId: number | null): Map<number, number> {
  const query = useQuery({ ...stockAlertDemandQueryOptions(productId ?? 0), enabled: productId !== null });
  return new Map((query.data ?? []).map((row) => [row.variantId, row.waiting]));
}
