import { useState } from 'react';
import { formatPrice } from '#common/money.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useProducts } from '../api/get-products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useSetProductFeatured } from '../api/set-product-featured.ts';
import { AdminImage } from './admin-image.tsx';
import { CatalogRowActions } from './catalog-row-actions.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

// Low stock is under 5 units
const LOW_STOCK = 5;

function StockText({ stock }: { stock: number }) {
  if (stock === 0) return <Badge variant="destructive">Out of stock</Badge>;
  if (stock < LOW_STOCK) return <Badge variant="warning">Stock: {stock}</Badge>;
  return <span className="text-sm text-gray-700">Stock: {stock}</span>;
}

/** Every product with image, price, stock, Feature/Unfeature, Edit and Delete. */
export function ProductList({ onEdit }: { onEdit: (product: Product) => void }) {
  const products = useProducts();
  const featured = useSetProductFeatured();
  const remove = useDeleteProduct();
  const [deleting, setDeleting] = useState<Product | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Products ({products.data?.length ?? 0})</CardTitle>
      </CardHeader>
      <CardContent>
        {products.isLoading ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <p role="alert" className="text-red-700">
            {products.error.message}
          </p>
        ) : (products.data ?? []).length === 0 ? (
          <p className="text-gray-600">No products yet. Add the first one above.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {(products.data ?? []).map((product) => (
              <li key={product.id} data-testid={`product-row-${product.id}`} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <AdminImage src={product.imageUrl} alt={product.name} />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                      {product.name}
                      {product.isFeatured ? <Badge variant="success">Featured</Badge> : null}
                    </p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                      <span className="font-semibold text-gray-900">{formatPrice(product.price)}</span>
                      <StockText stock={product.stock} />
                      {product.brand ? <span>{product.brand.name}</span> : null}
                      {product.sku ? <span>SKU {product.sku}</span> : null}
                    </p>
                  </div>
                </div>
                <CatalogRowActions
                  name={product.name}
                  isFeatured={product.isFeatured}
                  featurePending={featured.isPending && featured.variables?.id === product.id}
                  onToggleFeatured={() => featured.mutate({ id: product.id, isFeatured: !product.isFeatured })}
                  onEdit={() => onEdit(product)}
                  onDelete={() => setDeleting(product)}
                />
              </li>
            ))}
          </ul>
        )}
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
