import { Link } from 'wouter';
import { formatCents, toCents } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import type { CustomerOrderView } from '#common/schemas/customer-orders.ts';

/** The lines as sold: picture, product, the variant's options and SKU, quantity and line total. */
export function OrderLines({ items }: { items: CustomerOrderView['items'] }) {
  return (
    <ul className="divide-y divide-gray-100" aria-label="Items">
      {items.map((item) => (
        <li key={item.id} className="flex gap-4 py-4">
          <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-gray-200 bg-gray-50">
            {item.imageUrl ? <img src={item.imageUrl} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-contain" /> : null}
          </div>
          <div className="min-w-0 flex-1 text-sm">
            {item.productSlug ? (
              <Link href={productPath({ slug: item.productSlug })} className="font-medium text-gray-900 hover:underline">
                {item.productName}
              </Link>
            ) : (
              <span className="font-medium text-gray-900">{item.productName}</span>
            )}
            {item.variantName ? <p className="text-gray-700">{item.variantName}</p> : null}
            {item.sku ? <p className="text-xs text-gray-600">SKU {item.sku}</p> : null}
            <p className="text-gray-700">
              {item.quantity} × {formatCents(toCents(item.price))}
            </p>
          </div>
          <p className="text-sm font-semibold text-gray-900 tabular-nums">{formatCents(toCents(item.price) * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}
