import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { ArrowLeft, Printer } from 'lucide-react';
import type { PackingSlip, PrintOrders } from '#common/schemas/shipments.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useContactInfo } from '#client/lib/get-contact-info.ts';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { printOrdersQueryOptions } from '../api/get-print-orders.ts';

/** "?ids=3,1,2": the orders chosen in the list, in their order; anything else in the list is dropped. */
function chosenIds(search: string): number[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  return [
    ...new Set(
      raw
        .split(',')
        .filter((id) => /^\d{1,9}$/.test(id))
        .map(Number),
    ),
  ]
    .filter((id) => id > 0)
    .slice(0, 100);
}

const itemName = (line: { productName: string; variantName: string | null }) =>
  line.variantName ? `${line.productName} (${line.variantName})` : line.productName;

/**
 * /admin/orders/print?ids=…&view=pick-list|packing-slips: what to take off the shelves for the chosen
 * orders, or one packing slip per order, each on its own printed page. The buttons hide in print.
 */
export default function PrintOrdersPage() {
  const search = useSearch();
  const ids = chosenIds(search);
  const pickList = new URLSearchParams(search).get('view') === 'pick-list';
  const query = useQuery({ ...printOrdersQueryOptions(ids), enabled: ids.length > 0 });
  useDocumentTitle(pickList ? 'Pick list' : 'Packing slips');

  const back = (
    <Link href="/admin?tab=orders" className={buttonClasses('link', 'sm', 'px-0')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Orders
    </Link>
  );
  if (ids.length === 0 || query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {back}
        <p className="mt-4 text-gray-700">{ids.length === 0 ? 'Choose orders in the orders list first.' : 'These orders could not be loaded.'}</p>
      </div>
    );
  }
  if (!query.data) return <Spinner className="min-h-[50vh]" label={pickList ? 'Loading pick list' : 'Loading packing slips'} />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Print
        </Button>
      </div>
      {pickList ? <PickList data={query.data} /> : query.data.slips.map((slip) => <Slip key={slip.id} slip={slip} />)}
    </div>
  );
}

function PickList({ data }: { data: PrintOrders }) {
  const units = data.pickList.reduce((sum, row) => sum + row.quantity, 0);
  return (
    <article className="rounded-lg border border-gray-200 bg-white p-6 text-gray-900 print:rounded-none print:border-0 print:p-0" data-testid="pick-list">
      <h1 className="text-2xl font-extrabold tracking-tight">Pick list</h1>
      <p className="mt-1 text-sm text-gray-700">
        {data.slips.length === 1 ? '1 order' : `${data.slips.length} orders`}: {data.slips.map((slip) => `#${slip.orderNumber}`).join(', ')}
      </p>
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-gray-400">
            <th scope="col" className="py-2 pr-2">
              Item
            </th>
            <th scope="col" className="py-2 pr-2">
              SKU
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Orders
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {data.pickList.map((row) => (
            <tr key={`${row.sku ?? ''}:${itemName(row)}`} className="border-b border-gray-200 break-inside-avoid">
              <td className="py-2 pr-2 align-top font-medium">{itemName(row)}</td>
              <td className="py-2 pr-2 align-top font-mono text-xs break-all">{row.sku ?? '—'}</td>
              <td className="py-2 pr-2 text-right align-top tabular-nums">{row.orders}</td>
              <td className="py-2 text-right align-top text-base font-semibold tabular-nums">{row.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="py-2 text-right font-semibold">
              Units
            </td>
            <td className="py-2 text-right font-semibold tabular-nums">{units}</td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

/** One order's slip, alone on its printed page. */
function Slip({ slip }: { slip: PackingSlip }) {
  const settings = useSiteSettings();
  const contact = useContactInfo();
  const shopName = settingText(settings.data?.siteTitle, DEFAULT_SITE_TITLE);
  const shipTo = [slip.customerName, slip.street, [slip.city, slip.state, slip.zipCode].filter(Boolean).join(', '), slip.country].filter(Boolean);
  return (
    <article
      className="mb-6 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 print:mb-0 print:break-after-page print:rounded-none print:border-0 print:p-0"
      data-testid="packing-slip"
    >
      <header className="flex flex-wrap justify-between gap-4 border-b border-gray-300 pb-4">
        <div>
          <p className="text-xl font-bold">{shopName}</p>
          {contact.data?.address ? <p className="text-sm">{contact.data.address}</p> : null}
          {contact.data?.email ? <p className="text-sm">{contact.data.email}</p> : null}
        </div>
        <div className="text-right">
          <h2 className="text-2xl font-extrabold tracking-tight">Packing slip</h2>
          <p className="text-lg font-semibold">Order #{slip.orderNumber}</p>
          <p className="text-sm">{new Date(slip.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</p>
        </div>
      </header>
      <section className="mt-4">
        <h3 className="text-sm font-semibold tracking-wide text-gray-700 uppercase">{slip.pickup ? 'Collected by' : 'Ship to'}</h3>
        {(slip.pickup ? [slip.customerName] : shipTo).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {slip.phone ? <p>{slip.phone}</p> : null}
      </section>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-gray-400">
            <th scope="col" className="py-2 pr-2">
              Item
            </th>
            <th scope="col" className="py-2 pr-2">
              SKU
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line) => (
            <tr key={`${line.sku ?? ''}:${itemName(line)}`} className="border-b border-gray-200 break-inside-avoid">
              <td className="py-2 pr-2 align-top font-medium">{itemName(line)}</td>
              <td className="py-2 pr-2 align-top font-mono text-xs break-all">{line.sku ?? '—'}</td>
              <td className="py-2 text-right align-top text-base font-semibold tabular-nums">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
