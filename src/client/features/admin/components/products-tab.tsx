import { useRef, useState } from 'react';
import type { Product } from '#common/schemas/catalog.ts';
import { ProductCsvPanel } from './product-csv-panel.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductList } from './product-list.tsx';

/** Products: same layout as brands. */
export function ProductsTab() {
  const [editing, setEditing] = useState<Product | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <ProductForm ref={formRef} editing={editing} onDone={() => setEditing(null)} />
      <ProductList
        onEdit={(product) => {
          setEditing(product);
          formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <ProductCsvPanel />
    </div>
  );
}
