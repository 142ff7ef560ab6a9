import { useRef, useState } from 'react';
import type { Brand } from '#common/schemas/catalog.ts';
import { BrandForm } from './brand-form.tsx';
import { BrandList } from './brand-list.tsx';

/** Brands: the form above, the list below; Edit fills the form and scrolls up to it. */
export function BrandsTab() {
  const [editing, setEditing] = useState<Brand | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <BrandForm ref={formRef} editing={editing} onDone={() => setEditing(null)} />
      <BrandList
        onEdit={(brand) => {
          setEditing(brand);
          formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
    </div>
  );
}
