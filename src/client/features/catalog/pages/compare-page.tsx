import { Link, useSearch } from 'wouter';
import { formatPrice, toCents } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import type { AttributeDefinition } from '#common/schemas/catalog-model.ts';
import { MAX_COMPARE } from '#common/catalog-listing-terms.ts';
import type { CompareProduct } from '#common/schemas/catalog-listing.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useComparison } from '../api/get-catalog.ts';
import { formatSpec } from '../compare/spec-format.ts';

/** /compare?ids=1,2,3: 2-4 products side by side; rows whose values differ are marked. */
export default function ComparePage() {
  const params = new URLSearchParams(useSearch());
  const ids = [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .filter((text) => /^\d{1,9}$/.test(text))
        .map(Number),
    ),
  ].slice(0, MAX_COMPARE);
  const comparison = useComparison(ids);
  useDocumentTitle('Compare products');
  const data = comparison.data;
  const products = data?.products ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">Compare products</h1>
      <Link href="/shop" className="mt-1 inline-block text-sm font-medium text-link underline-offset-4 hover:underline">
        Back to Shop
      </Link>
      {ids.length === 0 ? (
        <p className="mt-6 text-gray-700">Pick two to four products in the shop with "Compare".</p>
      ) : comparison.isLoading ? (
        <Spinner label="Loading the comparison" />
      ) : comparison.isError ? (
        <LoadError
          title="We couldn't load the comparison"
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
          retrying={comparison.isFetching}
        />
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Specifications side by side; rows marked "differs" have different values</caption>
            <thead>
              <tr className="border-b border-gray-200 align-top">
                <th scope="col" className="w-40 p-3 text-gray-700">
                  <span className="sr-only">Specification</span>
                </th>
                {products.map((product) => (
                  <th key={product.id} scope="col" className="p-3">
                    <Link href={productPath(product)} className="font-semibold text-gray-900 hover:text-link hover:underline">
                      {product.name}
                    </Link>
                    <p className="mt-1 font-normal text-gray-700">{product.brand?.name ?? ''}</p>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <Row name="Price" values={products.map(priceText)} />
              <Row name="Type" values={products.map((product) => product.productType.name)} />
              <Row
                name="USA Pickleball"
                values={products.map((product) =>
                  product.usapaStatus === 'approved' ? 'Approved' : product.usapaStatus === 'not_approved' ? 'Not approved' : 'Not stated',
                )}
              />
              {(data?.attributes ?? [])
                // a spec none of them states is no comparison
                .filter((attribute) => products.some((product) => product.specs[attribute.key]))
                .map((attribute) => (
                  <Row key={attribute.key} name={attribute.name} values={products.map((product) => specText(attribute, product))} />
                ))}
              {(data?.optionTypes ?? []).map((axis) => (
                <Row key={axis.key} name={axis.name} values={products.map((product) => (product.options[axis.key] ?? []).join(', ') || '-')} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function priceText(product: CompareProduct): string {
  return toCents(product.priceMax) > toCents(product.price) ? `${formatPrice(product.price)} - ${formatPrice(product.priceMax)}` : formatPrice(product.price);
}

function specText(attribute: AttributeDefinition, product: CompareProduct): string {
  const value = product.specs[attribute.key];
  return value ? formatSpec(attribute, value) : '-';
}

function Row({ name, values }: { name: string; values: string[] }) {
  const differs = new Set(values).size > 1;
  return (
    <tr className={`border-b border-gray-100 align-top ${differs ? 'bg-amber-50' : ''}`}>
      <th scope="row" className="p-3 font-medium text-gray-800">
        {name}
        {differs ? <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-gray-900">differs</span> : null}
      </th>
      {values.map((value, index) => (
        <td key={index} className="p-3 text-gray-900">
          {value}
        </td>
      ))}
    </tr>
  );
}
