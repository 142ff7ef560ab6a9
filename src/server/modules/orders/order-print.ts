import { asc, inArray } from 'drizzle-orm';
import { shipsNothingOrder } from '#common/emailed-orders.ts';
import type { PackingSlip, PrintOrders } from '#common/schemas/shipments.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';

type ItemRow = Pick<typeof orderItems.$inferSelect, 'orderId' | 'productName' | 'variantName' | 'sku' | 'quantity' | 'refundedQuantity' | 'shippedQuantity'>;

/**
 * What goes in an order's box: the units left to ship; once all of it shipped (a slip printed
 * again), the units sent. Refunded units never go in.
 */
function unitsToPack(items: readonly ItemRow[]): PackingSlip['lines'] {
  const left = items.map((item) => ({ item, units: item.quantity - item.refundedQuantity - item.shippedQuantity }));
  const packing = left.some(({ units }) => units > 0)
    ? left
    : items.map((item) => ({ item, units: Math.min(item.shippedQuantity, item.quantity - item.refundedQuantity) }));
  return packing
    .filter(({ units }) => units > 0)
    .map(({ item, units }) => ({ productName: item.productName, variantName: item.variantName, sku: item.sku, quantity: units }));
}

/** One row per SKU (or product and variant name where a line has none), quantities summed, sorted by product then variant. */
function pickList(slips: readonly PackingSlip[]): PrintOrders['pickList'] {
  const rows = new Map<string, PrintOrders['pickList'][number]>();
  for (const slip of slips) {
    for (const line of slip.lines) {
      const key = line.sku ? `sku:${line.sku}` : `name:${line.productName}\u0000${line.variantName ?? ''}`;
      const row = rows.get(key);
      if (row) {
        row.quantity += line.quantity;
        row.orders += 1;
      } else rows.set(key, { ...line, orders: 1 });
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  return [...rows.values()].sort(
    (a, b) => byName(a.productName, b.productName) || byName(a.variantName ?? '', b.variantName ?? '') || byName(a.sku ?? '', b.sku ?? ''),
  );
}

/**
 * The chosen orders' packing slips, in the order they were chosen, and their pick list. Ids of no order are
 * skipped, and so are orders of gift cards alone.
 */
export async function loadPrintOrders(db: Database, ids: readonly number[]): Promise<PrintOrders> {
  const [rows, items] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids])),
    db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        variantName: orderItems.variantName,
        sku: orderItems.sku,
        quantity: orderItems.quantity,
        refundedQuantity: orderItems.refundedQuantity,
        shippedQuantity: orderItems.shippedQuantity,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, [...ids]))
      .orderBy(asc(orderItems.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const slips = ids.flatMap((id): PackingSlip[] => {
    const order = byId.get(id);
    // gift cards alone are e-mailed (decision 066): nothing goes in a box, so no slip and nothing to pick
    if (!order || shipsNothingOrder(order)) return [];
    return [
      {
        id: order.id,
        orderNumber: order.orderNumber,
        createdAt: order.createdAt.toISOString(),
        pickup: order.shippingMethodKind === 'pickup',
        customerName: order.customerName,
        phone: order.phone,
        street: order.street,
        city: order.city,
        state: order.state,
        zipCode: order.zipCode,
        country: order.country,
        lines: unitsToPack(items.filter((item) => item.orderId === id)),
      },
    ];
  });
  return { slips, pickList: pickList(slips) };
}
