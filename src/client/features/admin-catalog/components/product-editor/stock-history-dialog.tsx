import { useState } from 'react';
import { Link } from 'wouter';
import { stockLedgerReasonLabels, type StockLedgerEntry } from '#common/schemas/stock-ledger.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useStockHistory } from '../../api/get-stock-history.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Who({ entry }: { entry: StockLedgerEntry }) {
  if (entry.order)
    return (
      <Link href={`/admin/orders/${entry.order.id}`} className="text-primary underline-offset-4 hover:underline">
        {entry.order.orderNumber}
      </Link>
    );
  if (entry.actor) return <>{entry.actor.username}</>;
  return <span className="text-gray-500">—</span>;
}

/** A saved variant's stock changes (the stock ledger), newest first: when, why, how much, the level left, and the order or admin. */
export function StockHistoryButton({ variantId, label }: { variantId: number; label: string }) {
  const [open, setOpen] = useState(false);
  const history = useStockHistory(variantId, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="link" size="sm" className="px-0 text-xs" onClick={() => setOpen(true)} aria-label={`Stock history of ${label}`}>
        Stock history
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Stock history: {label}</DialogTitle>
          <DialogDescription>
            {history.data
              ? `${history.data.stock} in stock now. ${history.data.entries.length === 1 ? 'One change' : `The latest ${history.data.entries.length} changes, newest first`}.`
              : 'Every change of this variant’s stock and why.'}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <Spinner label="Loading stock history" />
        ) : history.isError ? (
          <LoadError title="Could not load the stock history" error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : history.data.entries.length === 0 ? (
          <p className="text-sm text-gray-700">No stock changes yet.</p>
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Stock changes of {label}</caption>
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Reason
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Change
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Level
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Order or by
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {history.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="py-2 pr-3 whitespace-nowrap">{when.format(new Date(entry.at))}</td>
                    <td className="py-2 pr-3">{stockLedgerReasonLabels[entry.reason]}</td>
                    <td className={`py-2 pr-3 text-right tabular-nums ${entry.change < 0 ? 'text-red-700' : 'text-green-800'}`}>
                      {entry.change > 0 ? `+${entry.change}` : entry.change}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{entry.level}</td>
                    <td className="py-2">
                      <Who entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
