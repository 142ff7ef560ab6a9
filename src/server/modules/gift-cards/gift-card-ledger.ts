import type { Transaction } from '#server/db/client.ts';
import { giftCardLedger, giftCardLedgerKinds } from '#server/db/schema.ts';

type GiftCardLedgerKind = (typeof giftCardLedgerKinds)[number];

/** One change of a card, written in the transaction that made it, with the balance it left. */
export interface GiftCardChange {
  giftCardId: number;
  kind: GiftCardLedgerKind;
  amountCents: number;
  balanceCents: number;
  orderId?: number | null;
  reason?: string | null;
  actorUserId?: number | null;
}

export async function recordGiftCardChanges(tx: Transaction, changes: GiftCardChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(giftCardLedger).values(
    changes.map((change) => ({
      giftCardId: change.giftCardId,
      kind: change.kind,
      amountCents: change.amountCents,
      balanceCents: change.balanceCents,
      orderId: change.orderId ?? null,
      reason: change.reason ?? null,
      actorUserId: change.actorUserId ?? null,
    })),
  );
}
