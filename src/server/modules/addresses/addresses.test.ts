import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES, SavedAddressList, type SaveAddressInput } from '#common/schemas/addresses.ts';
import { savedAddresses } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { ADDRESS_ALREADY_SAVED, ADDRESS_BOOK_FULL, ADDRESS_NOT_FOUND, saveAddressForUser } from './addresses-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME: SaveAddressInput = { fullName: 'Ann Lee', street: '12 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701', phone: '512-555-0100' };
const WORK: SaveAddressInput = { fullName: 'Ann Lee', street: '400 Congress Ave', city: 'Austin', state: 'TX', zip: '78701-4000' };

const list = async (me: SignedIn) => {
  const res = await me.inject({ method: 'GET', url: '/api/account/addresses' });
  expect(res.statusCode).toBe(200);
  return SavedAddressList.parse(res.json()).addresses;
};
const add = (me: SignedIn, payload: object) => me.inject({ method: 'POST', url: '/api/account/addresses', payload });
const patch = (me: SignedIn, id: number | string, payload: object) => me.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, payload });
const remove = (me: SignedIn, id: number | string) => me.inject({ method: 'DELETE', url: `/api/account/addresses/${id}` });
const rows = (userId: number) => t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId));

describe('the address book', () => {
  it('saves an address (201), the first becoming the default, and lists the default first, then the newest', async () => {
    const me = await t.signIn();
    expect(await list(me)).toEqual([]);
    const home = await add(me, HOME);
    expect(home.statusCode).toBe(201);
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.json().address).toMatchObject({ ...HOME, country: 'US', isDefaultShipping: true });
    const work = await add(me, WORK);
    expect(work.statusCode).toBe(201);
    expect(work.json().address).toMatchObject({ ...WORK, phone: null, isDefaultShipping: false });
    const third = await add(me, { ...WORK, street: '1 Kitchen Line' });
    expect((await list(me)).map((a) => a.street)).toEqual(['12 Baseline Rd', '1 Kitchen Line', '400 Congress Ave']);
    // a new default takes the place of the old one
    const made = await add(me, { ...HOME, street: '9 Dink Ct', isDefaultShipping: true });
    expect(made.json().address.isDefaultShipping).toBe(true);
    const after = await list(me);
    expect(after[0]!.street).toBe('9 Dink Ct');
    expect(after.filter((a) => a.isDefaultShipping)).toHaveLength(1);
    expect(third.json().address.isDefaultShipping).toBe(false);
  });

  it('keeps what the shared schema made of the fields: trimmed, spaces collapsed, the state in capitals, no phone as null', async () => {
    const me = await t.signIn();
    const res = await add(me, { fullName: '  Bo   Dink ', street: ' 5  Net  St ', city: 'Reno', state: 'nv', zip: ' 89501 ', phone: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().address).toMatchObject({ fullName: 'Bo Dink', street: '5 Net St', city: 'Reno', state: 'NV', zip: '89501', phone: null });
  });

  it('answers an address already saved with 200 and that address, whatever the letter case: the same POST 50 times leaves one row', async () => {
    const me = await t.signIn();
    const first = await add(me, HOME);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all(Array.from({ length: 50 }, (_, i) => add(me, i % 2 ? HOME : { ...HOME, street: '12 BASELINE RD', city: 'austin' })));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json().address.id).toBe(first.json().address.id);
    }
    expect(await rows(me.id)).toHaveLength(1);
    // another phone is another address to keep
    expect((await add(me, { ...HOME, phone: '512-555-0199' })).statusCode).toBe(201);
  });

  it('makes an address already saved the default when asked to, rather than saving it again', async () => {
    const me = await t.signIn();
    await add(me, HOME);
    const work = (await add(me, WORK)).json().address;
    const again = await add(me, { ...WORK, isDefaultShipping: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().address).toMatchObject({ id: work.id, isDefaultShipping: true });
    expect((await list(me)).map((a) => [a.street, a.isDefaultShipping])).toEqual([
      [WORK.street, true],
      [HOME.street, false],
    ]);
  });

  it('changes only the fields sent, and a new default clears the old one', async () => {
    const me = await t.signIn();
    const home = (await add(me, HOME)).json().address;
    const work = (await add(me, WORK)).json().address;
    const moved = await patch(me, work.id, { city: ' San  Antonio ', zip: '78205' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().address).toMatchObject({ ...WORK, phone: null, city: 'San Antonio', zip: '78205', isDefaultShipping: false });
    expect(Date.parse(moved.json().address.updatedAt)).toBeGreaterThanOrEqual(Date.parse(work.updatedAt));
    const made = await patch(me, work.id, { isDefaultShipping: true });
    expect(made.json().address.isDefaultShipping).toBe(true);
    const [first, second] = await list(me);
    expect([first!.id, first!.isDefaultShipping, second!.id, second!.isDefaultShipping]).toEqual([work.id, true, home.id, false]);
    // no default at all is allowed too, and a phone can be removed
    const none = await patch(me, work.id, { isDefaultShipping: false, phone: '' });
    expect(none.json().address).toMatchObject({ isDefaultShipping: false, phone: null });
    expect((await list(me)).some((a) => a.isDefaultShipping)).toBe(false);
  });

  it('refuses to change an address into another one already saved (409)', async () => {
    const me = await t.signIn();
    await add(me, HOME);
    const work = (await add(me, WORK)).json().address;
    const res = await patch(me, work.id, { street: HOME.street.toUpperCase(), zip: HOME.zip, phone: HOME.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ADDRESS_ALREADY_SAVED });
  });

  it('deletes an address (204); a second delete is 404', async () => {
    const me = await t.signIn();
    const home = (await add(me, HOME)).json().address;
    const res = await remove(me, home.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list(me)).toEqual([]);
    const again = await remove(me, home.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: ADDRESS_NOT_FOUND });
  });

  it(`refuses a ${MAX_SAVED_ADDRESSES + 1}st address with 409, while an address already saved still answers 200`, async () => {
    const me = await t.signIn();
    for (let i = 1; i <= MAX_SAVED_ADDRESSES; i += 1) expect((await add(me, { ...HOME, street: `${i} Baseline Rd` })).statusCode).toBe(201);
    const over = await add(me, { ...HOME, street: '999 Baseline Rd' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: ADDRESS_BOOK_FULL });
    expect((await add(me, { ...HOME, street: '1 Baseline Rd' })).statusCode).toBe(200);
    expect(await rows(me.id)).toHaveLength(MAX_SAVED_ADDRESSES);
  });
});

describe("another customer's address", () => {
  it('answers 404, exactly as a missing one, to reading through PATCH and to DELETE, and leaves it as it was', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const home = (await add(owner, HOME)).json().address;
    const missing = await patch(other, 2_000_000_000, { city: 'Dallas' });
    for (const res of [
      await patch(other, home.id, { city: 'Dallas' }),
      await patch(other, home.id, { isDefaultShipping: true }),
      await remove(other, home.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
      expect(res.json()).toEqual({ message: ADDRESS_NOT_FOUND });
    }
    expect(await list(other)).toEqual([]);
    expect((await list(owner))[0]).toMatchObject({ id: home.id, city: 'Austin', isDefaultShipping: true });
  });

  it("keeps two customers' identical addresses apart", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const first = (await add(a, HOME)).json().address;
    const second = await add(b, HOME);
    expect(second.statusCode).toBe(201);
    expect(second.json().address.id).not.toBe(first.id);
  });
});

describe('refused requests', () => {
  it('answers 401 without a session, before reading anything', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/addresses'],
      ['POST', '/api/account/addresses'],
      ['PATCH', '/api/account/addresses/1'],
      ['DELETE', '/api/account/addresses/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : HOME });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated' });
    }
  });

  it.each([
    [{}, 'Full name is required', 'fullName'],
    [{ ...HOME, fullName: '   ' }, 'Full name is required', 'fullName'],
    [{ ...HOME, fullName: 'x'.repeat(201) }, 'Full name must be at most 200 characters', 'fullName'],
    [{ ...HOME, street: '' }, 'Street address is required', 'street'],
    [{ ...HOME, city: 7 }, 'City is required', 'city'],
    [{ ...HOME, state: 'ZZ' }, 'Please choose a US state', 'state'],
    [{ ...HOME, state: 'PR' }, 'Please choose a US state', 'state'],
    [{ ...HOME, zip: '7870' }, 'Please enter a valid ZIP code', 'zip'],
    [{ ...HOME, zip: '' }, 'ZIP code is required', 'zip'],
    [{ ...HOME, phone: 'p'.repeat(41) }, 'Phone must be at most 40 characters', 'phone'],
    [{ ...HOME, isDefaultShipping: 'yes' }, 'Default shipping must be true or false', 'isDefaultShipping'],
  ])('refuses a new address %j with 400 and the field named', async (payload, message, path) => {
    const me = await t.signIn();
    const res = await add(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0]).toEqual({ path, message });
    expect(await rows(me.id)).toHaveLength(0);
  });

  it('refuses an empty change, a bad field and a bad id with 400', async () => {
    const me = await t.signIn();
    const home = (await add(me, HOME)).json().address;
    const empty = await patch(me, home.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to change');
    const bad = await patch(me, home.id, { state: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a US state');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await patch(me, id, { city: 'Dallas' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Id must be a positive integer');
      expect((await remove(me, id)).statusCode, id).toBe(400);
    }
  });

  it('refuses a request from another site (403)', async () => {
    const me = await t.signIn();
    const res = await me.inject({ method: 'POST', url: '/api/account/addresses', payload: HOME, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await rows(me.id)).toHaveLength(0);
  });
});

describe("saving for a customer inside a caller's transaction", () => {
  it('saves once, makes the first the default, answers the saved one again, and answers null when the book is full', async () => {
    const me = await t.signIn();
    const address = { fullName: 'Cy Serve', street: '3 Court St', city: 'Boise', state: 'ID', zip: '83702', country: 'US' as const, phone: null };
    const saved = await t.db.transaction((tx) => saveAddressForUser(tx, me.id, address));
    expect(saved).toMatchObject({ ...address, isDefaultShipping: true });
    const again = await t.db.transaction((tx) => saveAddressForUser(tx, me.id, { ...address, street: '3 court st' }));
    expect(again?.id).toBe(saved!.id);
    // a second address does not take the default from the first
    const other = await t.db.transaction((tx) => saveAddressForUser(tx, me.id, { ...address, street: '4 Court St' }));
    expect(other?.isDefaultShipping).toBe(false);
    // the caller's rollback takes the saved address with it
    await expect(
      t.db.transaction(async (tx) => {
        await saveAddressForUser(tx, me.id, { ...address, street: '5 Court St' });
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await rows(me.id)).toHaveLength(2);
    for (let i = 6; (await rows(me.id)).length < MAX_SAVED_ADDRESSES; i += 1) {
      await t.db.transaction((tx) => saveAddressForUser(tx, me.id, { ...address, street: `${i} Court St` }));
    }
    expect(await t.db.transaction((tx) => saveAddressForUser(tx, me.id, { ...address, street: '99 Court St' }))).toBeNull();
  });
});

describe('two requests at once', () => {
  it('leave exactly one default when each makes another address the default', async () => {
    const me = await t.signIn();
    const ids: number[] = [];
    for (const street of ['1 A St', '2 B St', '3 C St', '4 D St']) ids.push((await add(me, { ...WORK, street })).json().address.id);
    for (let round = 0; round < 5; round += 1) {
      const [a, b, c] = await Promise.all([
        patch(me, ids[1]!, { isDefaultShipping: true }),
        patch(me, ids[2]!, { isDefaultShipping: true }),
        add(me, { ...WORK, street: `${round} New St`, isDefaultShipping: true }),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 201]);
      const defaults = (await rows(me.id)).filter((row) => row.isDefaultShipping);
      expect(defaults).toHaveLength(1);
    }
  });

  it('the database itself refuses a second default and a second copy', async () => {
    const me = await t.signIn();
    const base = { userId: me.id, fullName: 'Di Rect', street: '1 Sql Way', city: 'Omaha', state: 'NE', zip: '68102' };
    await t.db.insert(savedAddresses).values({ ...base, isDefaultShipping: true });
    await expect(t.db.insert(savedAddresses).values({ ...base, street: '2 Sql Way', isDefaultShipping: true })).rejects.toThrow();
    await expect(t.db.insert(savedAddresses).values({ ...base, street: '1 SQL WAY' })).rejects.toThrow();
    await expect(t.db.insert(savedAddresses).values({ ...base, street: '3 Sql Way', state: 'ne' })).rejects.toThrow();
  });
});
