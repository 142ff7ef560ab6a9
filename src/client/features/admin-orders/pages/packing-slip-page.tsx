import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowLeft, Printer } from 'lucide-react';
import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useContactInfo } from '#client/lib/get-contact-info.ts';
import { adminOrderQueryOptions } from '../api/get-admin-order.ts';

/**
 * What goes in the box: the shop, the order number, where it goes and what is in it (no prices).
 * Printed from the browser; the site's header and footer and this page's buttons hide in print.
 */
export default function PackingSlipPage({ id: rawId }: { id: string }) {
  const id = parseRouteId(rawId);
  const query = useQuery({ ...adminOrderQueryOptions(id ?? 0), enabled: id !== null });
  const settings = useSiteSettings();
  const contact = useContactInfo();
  const order = query.data?.order;
  useDocumentTitle(order ? `Packing slip #${order.orderNumber}` : 'Packing slip');

  if (id === null || query.isError) return <p className="p-8 text-gray-700">This order could not be loaded.</p>;
  if (!order) return <Spinner className="min-h-[50vh]" label="Loading packing slip" />;
  if (order.shipsNothing)
    return (
      <p className="p-8 text-gray-700">
        Order #{order.orderNumber} has nothing to pack: {EMAILED_ONLY_LINE.toLowerCase()}.
      </p>
    );
  const shopName = settingText(settings.data?.siteTitle, DEFAULT_SITE_TITLE);
  const shipTo = [order.customerName, order.street, [order.city, order.state, order.zipCode].filter(Boolean).join(', '), order.country].filter(Boolean);
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={`/admin/orders/${order.id}`} className={buttonClasses('link', 'sm', 'px-0')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to order
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Print
        </Button>
      </div>
      <article className="rounded-lg border border-gray-200 bg-white p-6 text-gray-900 print:rounded-none print:border-0 print:p-0" data-testid="packing-slip">
        <header className="flex flex-wrap justify-between gap-4 border-b border-gray-300 pb-4">
          <div>
            <p className="text-xl font-bold">{shopName}</p>
            {contact.data?.address ? <p className="text-sm">{contact.data.address}</p> : null}
            {contact.data?.email ? <p className="text-sm">{contact.data.email}</p> : null}
            {contact.data?.phone ? <p className="text-sm">{contact.data.phone}</p> : null}
          </div>
          <div className="text-right">
            <h1 className="text-2xl font-extrabold tracking-tight">Packing slip</h1>
            <p className="text-lg font-semibold">Order #{order.orderNumber}</p>
            <p className="text-sm">{new Date(order.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</p>
          </div>
        </header>
        <section className="mt-4" aria-labelledby="ship-to">
          <h2 id="ship-to" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
            Ship to
          </h2>
          {shipTo.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {order.phone ? <p>{order.phone}</p> : null}
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
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-gray-200 break-inside-avoid">
                <td className="py-2 pr-2 align-top">
                  <span className="font-medium">{item.productName}</span>
                  {item.variantName ? <span className="block text-xs text-gray-700">{item.variantName}</span> : null}
                </td>
                <td className="py-2 pr-2 align-top font-mono text-xs break-all">{item.sku ?? '—'}</td>
                <td className="py-2 text-right align-top text-base font-semibold tabular-nums">{item.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2} className="py-2 text-right font-semibold">
                Units
              </td>
              <td className="py-2 text-right font-semibold tabular-nums">{units}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-8 text-sm text-gray-700">Thank you for your order!</p>
      </article>
    </div>
  );
}
