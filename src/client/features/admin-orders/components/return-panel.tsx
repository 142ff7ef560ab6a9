import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { centsToDecimal, formatCents, formatPrice, toCents } from '#common/money.ts';
import { SettleReturnInput, type AdminReturn } from '#common/schemas/order-returns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useMay } from '#client/lib/staff-permissions.ts';
import { adminReturnsQueryOptions, useReturnStep } from '../api/order-returns.ts';

const STATE_LABELS: Record<AdminReturn['state'], string> = {
  requested: 'Requested',
  approved: 'Approved, on its way back',
  rejected: 'Declined',
  received: 'Received',
  refunding: 'Refund in progress',
  refunded: 'Refunded',
  credited: 'Store credit issued',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Step = ReturnType<typeof useReturnStep>;
type StepInput = Parameters<Step['mutateAsync']>[0]['input'];

/** Runs a step and reports it: a toast on success, the server's message beside the form on failure. */
function useRun(entry: AdminReturn) {
  const step = useReturnStep();
  const [error, setError] = useState<string | null>(null);
  async function run(input: StepInput, done: string) {
    setError(null);
    try {
      await step.mutateAsync({ returnId: entry.id, input });
      toast({ title: done });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The step failed');
    }
  }
  return { run, error, pending: step.isPending };
}

function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

function ApproveForm({ entry }: { entry: AdminReturn }) {
  const { run, error, pending } = useRun(entry);
  const [instructions, setInstructions] = useState('');
  const [reason, setReason] = useState('');
  const id = `return-${entry.id}`;
  return (
    <div className="grid gap-3">
      <form
        className="grid gap-1.5"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run({ step: 'approve', body: { instructions } }, 'Return approved; the customer has the instructions');
        }}
      >
        <Label htmlFor={`${id}-instructions`}>Return instructions (e-mailed to the customer)</Label>
        <Textarea id={`${id}-instructions`} rows={3} value={instructions} maxLength={2000} onChange={(event) => setInstructions(event.target.value)} />
        <Button type="submit" className="justify-self-start" disabled={pending || !instructions.trim()}>
          Approve return
        </Button>
      </form>
      <RejectForm entry={entry} reason={reason} setReason={setReason} run={run} pending={pending} />
      <ErrorText error={error} />
    </div>
  );
}

function RejectForm({
  entry,
  reason,
  setReason,
  run,
  pending,
}: {
  entry: AdminReturn;
  reason: string;
  setReason: (value: string) => void;
  run: ReturnType<typeof useRun>['run'];
  pending: boolean;
}) {
  const id = `return-${entry.id}-reject`;
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run({ step: 'reject', body: { reason } }, 'Return declined');
      }}
    >
      <Label htmlFor={id}>Or decline it, saying why</Label>
      <Input id={id} value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={pending || !reason.trim()}>
        Decline return
      </Button>
    </form>
  );
}

function ReceiveForm({ entry }: { entry: AdminReturn }) {
  const { run, error, pending } = useRun(entry);
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  return (
    <div className="grid gap-3">
      <form
        className="grid gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const lines = entry.lines.map((line) => ({ itemId: line.itemId, restock: restock[line.itemId] ?? false }));
          void run({ step: 'receive', body: { lines } }, 'Return marked received');
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900">When it arrives: put back in stock?</legend>
          {entry.lines.map((line) => (
            <div key={line.itemId} className="flex items-center gap-2">
              <Checkbox
                id={`return-${entry.id}-restock-${line.itemId}`}
                checked={restock[line.itemId] ?? false}
                onCheckedChange={(checked) => setRestock((current) => ({ ...current, [line.itemId]: checked === true }))}
              />
              <Label htmlFor={`return-${entry.id}-restock-${line.itemId}`} className="font-normal">
                Restock {line.quantity} × {line.productName}
              </Label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" className="justify-self-start" disabled={pending}>
          Mark received
        </Button>
      </form>
      <RejectForm entry={entry} reason={reason} setReason={setReason} run={run} pending={pending} />
      <ErrorText error={error} />
    </div>
  );
}

type Settlement = 'refund' | 'credit';

/** The owner's last look before a return is settled: the amount, where it goes, and what the customer keeps paying for. */
function SettleConfirmDialog({
  entry,
  asking,
  amountCents,
  note,
  onConfirm,
  onCancel,
}: {
  entry: AdminReturn;
  asking: Settlement | null;
  amountCents: number;
  note: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const amount = formatCents(amountCents);
  const kept = entry.valueCents - amountCents;
  return (
    <Dialog open={asking !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {asking === 'credit' ? `Issue ${amount} of store credit for return #${entry.id}?` : `Refund ${amount} for return #${entry.id}?`}
          </DialogTitle>
          <DialogDescription>
            {asking === 'credit'
              ? `The customer is e-mailed a new gift card worth ${amount}, spent at checkout like any gift card; nothing goes back to their card. This cannot be undone.`
              : `${amount} goes back to the customer’s card, and they are e-mailed. This cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm text-gray-700" data-testid="settle-confirmation">
          <ul>
            {entry.lines.map((line) => (
              <li key={line.itemId}>
                {line.quantity} × {line.productName}
                {line.variantName ? ` (${line.variantName})` : ''}
              </li>
            ))}
          </ul>
          {kept > 0 ? (
            <p>
              The items cost {formatCents(entry.valueCents)}: the shop keeps {formatCents(kept)}.
            </p>
          ) : null}
          {note.trim() ? <p className="break-words">Note to the customer: “{note.trim()}”</p> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Go back
          </Button>
          <Button variant={asking === 'credit' ? 'default' : 'destructive'} onClick={onConfirm}>
            {asking === 'credit' ? `Issue ${amount} credit` : `Confirm refund of ${amount}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SettleForm({ entry }: { entry: AdminReturn }) {
  const { run, error, pending } = useRun(entry);
  const [amount, setAmount] = useState(centsToDecimal(entry.valueCents));
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<Settlement | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const id = `return-${entry.id}`;
  const body = { amount, ...(note.trim() ? { note } : {}) };
  // the amount the dialog names is the one the server will read, by the same rule
  const checked = SettleReturnInput.safeParse(body);
  const amountCents = checked.success && checked.data.amount !== undefined ? toCents(checked.data.amount) : entry.valueCents;

  function ask(settlement: Settlement) {
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Check the amount');
      return;
    }
    setInvalid(null);
    setAsking(settlement);
  }

  function confirm() {
    const settlement = asking;
    setAsking(null);
    if (settlement === 'refund') void run({ step: 'refund', body }, 'Return refunded to the card');
    if (settlement === 'credit') void run({ step: 'credit', body }, 'Store credit issued as a gift card and e-mailed');
  }

  return (
    <form className="grid gap-3" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <p className="text-sm text-gray-700">
        The returned items cost <span className="font-semibold tabular-nums">{formatCents(entry.valueCents)}</span>. Give that back, or less to keep a fee.
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
          <Input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-note`}>Note to the customer (optional)</Label>
          <Input id={`${id}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={pending} onClick={() => ask('refund')}>
          Refund to card
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => ask('credit')}>
          Refund as store credit
        </Button>
      </div>
      <ErrorText error={invalid ?? error} />
      <SettleConfirmDialog entry={entry} asking={asking} amountCents={amountCents} note={note} onConfirm={confirm} onCancel={() => setAsking(null)} />
    </form>
  );
}

function ReturnCard({ entry }: { entry: AdminReturn }) {
  // fulfilment staff receive returns; deciding and refunding them is money (decision 052)
  const mayDecide = useMay('returns.manage');
  const mayReceive = useMay('returns.receive');
  let action: ReactNode = null;
  if (entry.state === 'requested' && mayDecide) action = <ApproveForm entry={entry} />;
  if (entry.state === 'approved' && mayReceive) action = <ReceiveForm entry={entry} />;
  if ((entry.state === 'received' || entry.state === 'refunding') && mayDecide) action = <SettleForm entry={entry} />;
  return (
    <li className="grid gap-3 rounded-md border border-gray-200 p-4" data-testid="admin-return">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-gray-900">
          Return #{entry.id} · {STATE_LABELS[entry.state]}
        </p>
        <span className="text-xs text-gray-600">Requested {when(entry.createdAt)}</span>
      </div>
      <ul className="text-sm text-gray-700">
        {entry.lines.map((line) => (
          <li key={line.itemId}>
            {line.quantity} × {line.productName}
            {line.variantName ? ` (${line.variantName})` : ''} at {formatPrice(line.price)}
            {entry.state !== 'requested' && entry.state !== 'approved' && line.restock ? ' · restocked' : ''}
          </li>
        ))}
      </ul>
      <p className="text-sm break-words text-gray-700">
        <span className="font-medium text-gray-900">Customer's reason:</span> {entry.reason}
      </p>
      {entry.instructions && entry.state !== 'requested' ? (
        <p className="text-sm whitespace-pre-line text-gray-700">
          <span className="font-medium text-gray-900">Instructions sent:</span> {entry.instructions}
        </p>
      ) : null}
      {entry.rejectionReason ? <p className="text-sm text-gray-700">Declined: {entry.rejectionReason}</p> : null}
      {entry.refund ? (
        <p className="text-sm text-gray-700">
          Refunded {formatPrice(entry.refund.amount)}
          {entry.refund.state === 'pending' ? ' (in progress)' : ''}
        </p>
      ) : null}
      {entry.credit ? (
        <p className="text-sm text-gray-700">
          Store credit {formatPrice(entry.credit.amount)}: {entry.credit.kind === 'gift-card' ? 'gift card ' : ''}
          <span className="font-mono">{entry.credit.kind === 'gift-card' ? `••••${entry.credit.code}` : entry.credit.code}</span> (
          {entry.credit.used ? 'used' : 'not used yet'})
        </p>
      ) : null}
      {action}
    </li>
  );
}

/** The order's returns with the step each one waits for: approve or decline, mark received, refund or store credit. */
export function ReturnPanel({ orderId }: { orderId: number }) {
  const query = useQuery(adminReturnsQueryOptions(orderId));
  // the steps shown depend on the role: drawn once it is known, so none appears and then vanishes
  const session = useCurrentUser();
  if (!query.data || session.isLoading) return query.isError ? <p className="text-sm text-red-700">The returns could not be loaded.</p> : null;
  if (query.data.returns.length === 0) return <p className="text-sm text-gray-600">No returns requested.</p>;
  return (
    <ul className="grid gap-3" aria-label="Returns">
      {query.data.returns.map((entry) => (
        <ReturnCard key={`${entry.id}-${entry.state}`} entry={entry} />
      ))}
    </ul>
  );
}
