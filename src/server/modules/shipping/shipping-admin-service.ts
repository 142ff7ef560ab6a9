import { and, eq, ne, sql } from 'drizzle-orm';
import { ShippingMethodInput, ShippingSettingsInput, ShippingZoneInput, type ShippingMethodView, type ShippingProfileView } from '#common/schemas/shipping.ts';
import type { z } from 'zod';
import type { Database, Transaction } from '#server/db/client.ts';
import { shippingMethods, shippingSettings, shippingZones } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { readShippingProfile } from './shipping-profile.ts';

type ZoneInput = z.output<typeof ShippingZoneInput>;
type MethodInput = z.output<typeof ShippingMethodInput>;
type SettingsInput = z.output<typeof ShippingSettingsInput>;

/** The owner's zones and methods, inactive ones too, as the Shipping tab lists them. */
export function loadShippingProfile(db: Database): Promise<ShippingProfileView> {
  return readShippingProfile(db);
}

/**
 * A state belongs to one zone at most, so an address has one set of methods. Zone writes queue on one
 * lock, so two saves at once cannot both put the same state in different zones.
 */
async function refuseTakenStates(tx: Transaction, input: ZoneInput, zoneId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shipping_zones'))`);
  const others = await tx
    .select({ name: shippingZones.name, usStates: shippingZones.usStates })
    .from(shippingZones)
    .where(zoneId === null ? undefined : ne(shippingZones.id, zoneId));
  for (const other of others) {
    const taken = input.usStates.filter((state) => other.usStates.includes(state));
    if (taken.length > 0) throw conflict(`${taken.join(', ')} already ${taken.length === 1 ? 'belongs' : 'belong'} to the zone "${other.name}"`);
  }
}

export async function createShippingZone(db: Database, input: ZoneInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await refuseTakenStates(tx, input, null);
    const [{ position }] = (await tx.select({ position: sql<number>`coalesce(max(${shippingZones.position}), -1)::int + 1` }).from(shippingZones)) as [
      { position: number },
    ];
    const [row] = await tx
      .insert(shippingZones)
      .values({ ...input, position })
      .returning({ id: shippingZones.id });
    return row!;
  });
}

export async function updateShippingZone(db: Database, id: number, input: ZoneInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await refuseTakenStates(tx, input, id);
    const [row] = await tx
      .update(shippingZones)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(shippingZones.id, id))
      .returning({ id: shippingZones.id });
    if (!row) throw notFound('Shipping zone not found');
    return row;
  });
}

/** Its methods go with it; orders keep the method's name and price they were placed with. */
export async function deleteShippingZone(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(shippingZones).where(eq(shippingZones.id, id)).returning({ id: shippingZones.id });
  if (!row) throw notFound('Shipping zone not found');
}

function toMethodView(row: typeof shippingMethods.$inferSelect): ShippingMethodView {
  const { createdAt: _created, updatedAt: _updated, ...view } = row;
  return view;
}

export async function createShippingMethod(db: Database, zoneId: number, input: MethodInput): Promise<ShippingMethodView> {
  const [zone] = await db.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId));
  if (!zone) throw notFound('Shipping zone not found');
  const [{ position }] = (await db
    .select({ position: sql<number>`coalesce(max(${shippingMethods.position}), -1)::int + 1` })
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId))) as [{ position: number }];
  const [row] = await db
    .insert(shippingMethods)
    .values({ ...input, zoneId, position })
    .returning();
  return toMethodView(row!);
}

export async function updateShippingMethod(db: Database, zoneId: number, id: number, input: MethodInput): Promise<ShippingMethodView> {
  const [row] = await db
    .update(shippingMethods)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.zoneId, zoneId)))
    .returning();
  if (!row) throw notFound('Shipping method not found');
  return toMethodView(row);
}

export async function deleteShippingMethod(db: Database, zoneId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.zoneId, zoneId)))
    .returning({ id: shippingMethods.id });
  if (!row) throw notFound('Shipping method not found');
}

export async function saveShippingSettings(db: Database, input: SettingsInput): Promise<SettingsInput> {
  await db
    .insert(shippingSettings)
    .values({ id: 1, timeZone: input.timeZone })
    .onConflictDoUpdate({ target: shippingSettings.id, set: { timeZone: input.timeZone, updatedAt: new Date() } });
  return { timeZone: input.timeZone };
}
