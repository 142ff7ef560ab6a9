import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Product } from '#common/schemas/catalog.ts';
import type { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import { ProductCsvPanel } from './product-csv-panel.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductList } from './product-list.tsx';

/**
 * Products: same layout as brands. The spec's form edits a product with one variant; one with
 * several opens in the variant editor, where SKU, price and stock are per variant.
 */
export function ProductsTab() {
  const [editing, setEditing] = useState<Product | null>(null);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <ProductForm ref={formRef} editing={editing} onDone={() => setEditing(null)} />
      <ProductList
        onEdit={(product: AdminProductRow) => {
          if (product.variantCount > 1) {
            navigate(`/admin/products/${product.id}/edit`);
            return;
          }
          setEditing(product);
          formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <ProductCsvPanel />
    </div>
  );
}
