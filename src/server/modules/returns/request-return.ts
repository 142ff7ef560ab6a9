import { eq } from 'drizzle-orm';
import type { ReturnRequestInput } from '#common/schemas/order-returns.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orderReturns, orders } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import { getReturnPolicy } from '#server/modules/content/content-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { giftCardLinesOf } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { recordOrderEvent, type CustomerOrderRow } from '#server/modules/orders/order-service.ts';
import { describeLines, giftCardNotReturnable, itemsOf, returnableUnits, returnsOf, windowProblem, type ReturnRow } from './return-rules.ts';
import { emailReturnStep } from './return-mail.ts';

interface Deps {
  db: Database;
  mail: MailService;
}

type Request = Omit<ReturnRequestInput, 'key'> & { reason: string };

/** The lines asked for, checked against the order: its own lines, once each, no more units than can still go back. */
async function checkedLines(tx: Transaction, order: CustomerOrderRow, input: Request) {
  const [items, returns] = await Promise.all([itemsOf(tx, order.id), returnsOf(tx, order.id)]);
  const giftLines = await giftCardLinesOf(tx, order.id, items);
  const left = returnableUnits(items, returns, giftLines);
  const seen = new Set<number>();
  for (const line of input.lines) {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) throw invalidInput(`Invalid return: line ${line.itemId} is not part of this order`);
    if (seen.has(item.id)) throw invalidInput(`Invalid return: ${item.productName} is listed twice`);
    seen.add(item.id);
    if (giftLines.has(item.id)) throw invalidInput(giftCardNotReturnable(item.productName));
    const units = left.get(item.id) ?? 0;
    if (line.quantity > units) {
      throw conflict(
        units === 0
          ? `${item.productName} has already been returned or refunded.`
          : `Only ${units} of ${item.productName} can still be returned (${item.quantity} bought).`,
      );
    }
  }
  return { items, lines: input.lines.map(({ itemId, quantity }) => ({ itemId, quantity, restock: false })) };
}

/**
 * The customer asks to return delivered units (decision 027). Under the order's row lock, so two
 * requests at once cannot both take the last units; the form's request id makes a double submit
 * find the first return. Recorded in the order's history and e-mailed in the same transaction.
 */
export async function requestReturn({ db, mail }: Deps, order: CustomerOrderRow, input: Request, now = new Date()): Promise<ReturnRow> {
  const requestKey = `customer-${input.requestId}`;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    const [existing] = await tx.select().from(orderReturns).where(eq(orderReturns.requestKey, requestKey));
    if (existing) {
      if (existing.orderId !== order.id) throw conflict('This return request belongs to another order. Reload the page and try again.');
      return existing;
    }
    const policy = await getReturnPolicy(tx);
    const problem = windowProblem(locked!, policy.windowDays, now);
    if (problem) throw conflict(problem);
    const { items, lines } = await checkedLines(tx, locked!, input);
    const [created] = await tx.insert(orderReturns).values({ orderId: order.id, lines, reason: input.reason, requestKey }).returning();
    const shown = describeLines(lines, items);
    await recordOrderEvent(tx, order.id, 'return_requested', { actor: 'customer', note: `${shown.join(', ')}. Reason: ${input.reason}` });
    await emailReturnStep(tx, mail, order.id, { step: 'requested', lines: shown });
    return created!;
  });
}
