import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import { getPage } from '#client/lib/get-page.ts';

// under /api/products in the cache as well: every catalogue write refreshes it (admin-cache.ts)
const ADMIN_PRODUCTS_URL = '/api/admin/products';

export interface AdminProductFilters {
  q?: string;
  typeId?: string;
  brandId?: string;
  stock?: string;
  featured?: string;
  page: number;
}

export function useAdminProducts(filters: AdminProductFilters) {
  return useQuery({
    queryKey: ['/api/products', 'admin', filters],
    queryFn: () => getPage<AdminProductRow>(ADMIN_PRODUCTS_URL, { ...filters, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
