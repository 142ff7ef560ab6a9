import { asc, eq, sql } from 'drizzle-orm';
import type { ShippingBoxInput, ShippingBoxView } from '#common/schemas/shipping.ts';
import type { Database } from '#server/db/client.ts';
import { shippingBoxes } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';

// The owner's boxes (docs/decisions/069): the Shipping tab edits them, a label's parcel is one of them.

const view = {
  id: shippingBoxes.id,
  name: shippingBoxes.name,
  lengthMm: shippingBoxes.lengthMm,
  widthMm: shippingBoxes.widthMm,
  heightMm: shippingBoxes.heightMm,
  weightGrams: shippingBoxes.weightGrams,
};

const BOX_NOT_FOUND = 'Box not found';

/** Smallest inside first, as the Fulfil dialog offers them. */
export function listShippingBoxes(db: Database): Promise<ShippingBoxView[]> {
  return db
    .select(view)
    .from(shippingBoxes)
    .orderBy(sql`${shippingBoxes.lengthMm}::bigint * ${shippingBoxes.widthMm} * ${shippingBoxes.heightMm}`, asc(shippingBoxes.id));
}

export async function createShippingBox(db: Database, input: ShippingBoxInput): Promise<ShippingBoxView> {
  const [row] = await db.insert(shippingBoxes).values(input).returning(view);
  return row!;
}

export async function updateShippingBox(db: Database, id: number, input: ShippingBoxInput): Promise<ShippingBoxView> {
  const [row] = await db
    .update(shippingBoxes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(shippingBoxes.id, id))
    .returning(view);
  if (!row) throw notFound(BOX_NOT_FOUND);
  return row;
}

/** Shipments bought in it keep their label; the box is only a size. */
export async function deleteShippingBox(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(shippingBoxes).where(eq(shippingBoxes.id, id)).returning({ id: shippingBoxes.id });
  if (!row) throw notFound(BOX_NOT_FOUND);
}
