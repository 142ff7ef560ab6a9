import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { optionTypes, optionValues } from './schema.ts';

// Before 0016 an axis's values showed by number, then by position (all 0 for values a product save
// made); since, by position alone. The upgrade must number them so that they show as they did.
async function shopBefore0016(database: DatabaseHandle): Promise<void> {
  await database.migrate(await migrationsUpTo('0015_returns'));
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  await run(`insert into option_types (key, name, position) values ('upgrade-grip', 'Upgrade grip', 9)`);
  await run(`insert into option_values (option_type_id, label, sort_value, position)
    select id, v.label, v.sort_value, 0 from option_types, (values
      ('4 3/8 in', 4.375), ('Oversize', null), ('4 1/8 in', 4.125), ('4 1/4 in', 4.25), ('Custom', null)
    ) as v(label, sort_value) where key = 'upgrade-grip'`);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { beforeMigrating: shopBefore0016 });
});
afterAll(() => t.close());

it('numbers each axis’s values in the order they showed before the upgrade', async () => {
  const values = await t.db
    .select({ label: optionValues.label, position: optionValues.position })
    .from(optionValues)
    .innerJoin(optionTypes, eq(optionTypes.id, optionValues.optionTypeId))
    .where(eq(optionTypes.key, 'upgrade-grip'))
    .orderBy(asc(optionValues.position));
  expect(values).toEqual([
    { label: '4 1/8 in', position: 1 },
    { label: '4 1/4 in', position: 2 },
    { label: '4 3/8 in', position: 3 },
    { label: 'Custom', position: 4 },
    { label: 'Oversize', position: 5 },
  ]);
});
