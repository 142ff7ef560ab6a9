import type { ProductDetail } from '#common/schemas/catalog.ts';
import { formatSpecValue } from '#common/units.ts';
import { formatDate } from '#client/lib/format.ts';

// types whose products are played with in sanctioned events: their approval is worth a row even when unknown
const APPROVAL_TYPES = new Set(['paddles', 'balls']);

function approvalText(product: Pick<ProductDetail, 'usapaStatus' | 'usapaCheckedOn'>): string {
  if (product.usapaStatus === 'approved') return product.usapaCheckedOn ? `Approved, checked ${formatDate(product.usapaCheckedOn)}` : 'Approved';
  return product.usapaStatus === 'not_approved' ? 'Not approved' : 'Not stated';
}

/** The rows of a spec sheet: the type's attributes that have a value (the variant's over the product's), in order. */
function specRows(product: ProductDetail, variantId: number | null): { label: string; value: string }[] {
  const rows = product.productType.attributes.flatMap((attribute) => {
    const values = product.attributes.filter((value) => value.attributeId === attribute.id);
    const value =
      values.find((candidate) => candidate.variantId !== null && candidate.variantId === variantId) ?? values.find((candidate) => candidate.variantId === null);
    const text = value ? formatSpecValue(attribute, value) : null;
    return text ? [{ label: attribute.name, value: text }] : [];
  });
  if (APPROVAL_TYPES.has(product.productType.slug) || product.usapaStatus !== 'not_stated') {
    rows.push({ label: 'USA Pickleball approval', value: approvalText(product) });
  }
  return rows;
}

export function SpecSheet({ product, variantId }: { product: ProductDetail; variantId: number | null }) {
  const rows = specRows(product, variantId);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specifications" className="mt-10">
      <h2 id="specifications" className="text-xl font-bold text-gray-900">
        Specifications
      </h2>
      <table className="mt-4 w-full max-w-2xl border-collapse overflow-hidden rounded-lg border border-gray-200 bg-white text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="w-2/5 px-4 py-2.5 text-left font-medium text-gray-600">
                {row.label}
              </th>
              <td className="px-4 py-2.5 text-gray-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
