import { useState } from 'react';
import type { Brand } from '#common/schemas/catalog.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { AdminImage } from '#client/components/admin/admin-image.tsx';
import { ConfirmDeleteDialog } from '#client/components/admin/confirm-delete-dialog.tsx';
import { useBrands } from '#client/lib/get-brands.ts';
import { useDeleteBrand } from '../api/delete-brand.ts';
import { useSetBrandFeatured } from '../api/set-brand-featured.ts';
import { CatalogRowActions } from './catalog-row-actions.tsx';

/** Every brand with Feature/Unfeature, Edit and Delete. */
export function BrandList({ onEdit }: { onEdit: (brand: Brand) => void }) {
  const brands = useBrands();
  const featured = useSetBrandFeatured();
  const remove = useDeleteBrand();
  const [deleting, setDeleting] = useState<Brand | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Brands ({brands.data?.length ?? 0})</CardTitle>
      </CardHeader>
      <CardContent>
        {brands.isLoading ? (
          <Spinner label="Loading brands" />
        ) : brands.isError ? (
          <p role="alert" className="text-red-700">
            {brands.error.message}
          </p>
        ) : (brands.data ?? []).length === 0 ? (
          <p className="text-gray-600">No brands yet. Add the first one above.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {(brands.data ?? []).map((brand) => (
              <li key={brand.id} data-testid={`brand-row-${brand.id}`} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <AdminImage src={brand.imageUrl} alt={brand.name} />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                      {brand.name}
                      {brand.isFeatured ? <Badge variant="success">Featured</Badge> : null}
                    </p>
                    {brand.description ? <p className="line-clamp-2 text-sm text-gray-600">{brand.description}</p> : null}
                  </div>
                </div>
                <CatalogRowActions
                  name={brand.name}
                  isFeatured={brand.isFeatured}
                  featurePending={featured.isPending && featured.variables?.id === brand.id}
                  onToggleFeatured={() => featured.mutate({ id: brand.id, isFeatured: !brand.isFeatured })}
                  onEdit={() => onEdit(brand)}
                  onDelete={() => setDeleting(brand)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        question="Are you sure you want to delete this brand?"
        subject={deleting?.name ?? null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
