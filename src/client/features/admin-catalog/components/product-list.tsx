import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatPrice } from '#common/money.ts';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { AdminImage } from '#client/components/admin/admin-image.tsx';
import { ConfirmDeleteDialog } from '#client/components/admin/confirm-delete-dialog.tsx';
import { Pager } from '#client/components/admin/pager.tsx';
import { useBrands } from '#client/lib/get-brands.ts';
import { useAdminProducts, type AdminProductFilters } from '../api/get-admin-products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProductTypeCatalog } from '../api/product-types.ts';
import { useSetProductFeatured } from '../api/set-product-featured.ts';
import { CatalogRowActions } from './catalog-row-actions.tsx';
import { ProductListFilters } from './product-list-filters.tsx';

// Low stock is under 5 units
const LOW_STOCK = 5;

function StockText({ stock }: { stock: number }) {
  if (stock === 0) return <Badge variant="destructive">Out of stock</Badge>;
  if (stock < LOW_STOCK) return <Badge variant="warning">Stock: {stock}</Badge>;
  return <span className="text-sm text-gray-700">Stock: {stock}</span>;
}

const FILTER_PARAMS = { q: 'q', typeId: 'type', brandId: 'brand', stock: 'stock', featured: 'featured' } as const;

/** The list's search, filters and page live in the URL beside the tab, so a reload or a shared link keeps them. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AdminProductFilters = { page: Math.max(1, Number(params.get('page')) || 1) };
  for (const [key, param] of Object.entries(FILTER_PARAMS)) {
    const value = params.get(param);
    if (value) filters[key as keyof typeof FILTER_PARAMS] = value;
  }
  const update = (changes: Record<string, string>) =>
    setParams(() => {
      // the address bar, not this render's params: two quick changes must not undo each other
      const next = new URLSearchParams(window.location.search);
      for (const [param, value] of Object.entries(changes)) {
        if (value && value !== '1') next.set(param, value);
        else next.delete(param);
      }
      return next;
    });
  return {
    filters,
    setFilter: (key: keyof typeof FILTER_PARAMS, value: string) => update({ [FILTER_PARAMS[key]]: value, page: '' }),
    setPage: (page: number) => update({ page: String(page) }),
  };
}

/** A page of products with image, price, stock, Feature/Unfeature, Edit and Delete; searched and filtered on the server. */
export function ProductList({ onEdit }: { onEdit: (product: AdminProductRow) => void }) {
  const { filters, setFilter, setPage } = useUrlFilters();
  const products = useAdminProducts(filters);
  const brands = useBrands();
  const types = useProductTypeCatalog();
  const featured = useSetProductFeatured();
  const remove = useDeleteProduct();
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  const list = products.data?.items ?? [];
  const filtered = Object.keys(filters).length > 1;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Products ({products.data?.total ?? 0})</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Link href="/admin/products/new" className={buttonClasses('default', 'sm')}>
            New product with variants
          </Link>
          <Link href="/admin/product-types" className={buttonClasses('outline', 'sm')}>
            Product types
          </Link>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProductListFilters
          key={filters.q ?? ''}
          filters={filters}
          brands={brands.data ?? []}
          types={types.data?.types ?? []}
          onChange={(key, value) => setFilter(key, value)}
        />
        {products.isLoading ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <p role="alert" className="text-red-700">
            {products.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-gray-600">{filtered ? 'No products match these filters.' : 'No products yet. Add the first one above.'}</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {list.map((product) => (
              <li key={product.id} data-testid={`product-row-${product.id}`} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <AdminImage src={product.imageUrl} alt={product.name} />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                      {product.name}
                      {product.isFeatured ? <Badge variant="success">Featured</Badge> : null}
                    </p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                      <span className="font-semibold text-gray-900">
                        {product.variantCount > 1 ? 'From ' : ''}
                        {formatPrice(product.price)}
                      </span>
                      <StockText stock={product.stock} />
                      {product.brand ? <span>{product.brand.name}</span> : null}
                      <span>{product.productTypeName}</span>
                      {product.variantCount > 1 ? <span>{product.variantCount} variants</span> : null}
                      {product.sku ? <span>SKU {product.sku}</span> : null}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    href={`/admin/products/${product.id}/edit`}
                    className={buttonClasses('outline', 'sm')}
                    aria-label={`Variants & specs of ${product.name}`}
                  >
                    Variants &amp; specs
                  </Link>
                  <CatalogRowActions
                    name={product.name}
                    isFeatured={product.isFeatured}
                    featurePending={featured.isPending && featured.variables?.id === product.id}
                    onToggleFeatured={() => featured.mutate({ id: product.id, isFeatured: !product.isFeatured })}
                    onEdit={() => onEdit(product)}
                    onDelete={() => setDeleting(product)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Products pages"
          page={filters.page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={products.data?.total ?? 0}
          onPageChange={setPage}
          busy={products.isFetching}
        />
      </CardContent>
      <ConfirmDeleteDialog
        question="Are you sure you want to delete this product?"
        subject={deleting?.name ?? null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
