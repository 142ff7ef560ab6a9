import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode } from '#common/gift-cards.ts';
import { AdminGiftCardDetail, GIFT_CARD_NOT_FOUND_MESSAGE, IssuedGiftCard } from '#common/schemas/gift-cards.ts';
import { giftCardLedger, giftCards, orders } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The owner's gift cards and the balance page (decision 059), on PGlite or, with DATABASE_URL, PostgreSQL.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const issue = async (payload: Record<string, unknown>) => {
  const res = await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload });
  expect(res.statusCode, res.body).toBe(201);
  return IssuedGiftCard.parse(res.json());
};
const balanceOf = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code }, remoteAddress: `10.0.0.${Math.floor(Math.random() * 250) + 1}` });
const adjust = (id: number, payload: Record<string, unknown>) => admin.inject({ method: 'POST', url: `/api/admin/gift-cards/${id}/adjust`, payload });
const detail = async (id: number) => AdminGiftCardDetail.parse((await admin.inject({ url: `/api/admin/gift-cards/${id}` })).json());

describe('gift card admin guards', () => {
  it('refuses anonymous (401) and customers (403) on every admin route, changing nothing', async () => {
    const card = await issue({ amountCents: 2500 });
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/admin/gift-cards' },
        { method: 'GET', url: `/api/admin/gift-cards/${card.id}` },
        { method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents: 5000 } },
        { method: 'POST', url: `/api/admin/gift-cards/${card.id}/adjust`, payload: { amountCents: 100, reason: 'x' } },
        { method: 'POST', url: `/api/admin/gift-cards/${card.id}/status`, payload: { status: 'disabled' } },
      ],
      () => t.db.select().from(giftCards).orderBy(asc(giftCards.id)),
    );
  });
});

describe('issuing and the balance page', () => {
  it('shows the full code once, stores only its hash and last four, and the balance page finds it typed any way', async () => {
    const card = await issue({ amountCents: 5000, recipientName: 'Dana', recipientEmail: 'Dana@Example.com', message: 'Happy birthday' });
    expect(card.code).toMatch(/^[A-HJKMNP-Z2-9]{16}$/);
    expect(card.balanceCents).toBe(5000);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(JSON.stringify(row)).not.toContain(card.code);
    expect(row).toMatchObject({ last4: card.code.slice(-4), recipientEmail: 'dana@example.com', source: 'admin' });

    const typed = await balanceOf(` ${formatGiftCardCode(card.code).toLowerCase()} `);
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toEqual({ last4: card.code.slice(-4), balanceCents: 5000, status: 'active' });

    const list = await admin.inject({ url: '/api/admin/gift-cards?q=dana' });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).not.toContain(card.code);
    expect(list.json()[0]).toMatchObject({ id: card.id, last4: card.code.slice(-4), balanceCents: 5000, initialCents: 5000 });
  });

  it('answers an unknown code and a malformed one with a clear 4xx that tells a guesser nothing', async () => {
    const unknown = await balanceOf('AAAA-BBBB-CCCC-DDDD');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GIFT_CARD_NOT_FOUND_MESSAGE);
    const short = await balanceOf('ABC');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Enter the 16 characters of the gift card code');
    const missing = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses more than ten balance checks a minute from one address', async () => {
    const from = { remoteAddress: '192.0.2.77' };
    const answers = [];
    for (let index = 0; index < 11; index += 1) {
      answers.push(await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code: 'AAAABBBBCCCCDDDD' }, ...from }));
    }
    expect(answers.slice(0, 10).every((res) => res.statusCode === 404)).toBe(true);
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json().message).toMatch(/^Too many balance checks, please try again in /);
  });

  it('refuses a bad amount or e-mail by its field', async () => {
    const zero = await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents: 50 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Invalid gift card: amountCents: Amount must be at least $1.00');
    const cents = await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents: 10.5 } });
    expect(cents.statusCode).toBe(400);
    const email = await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents: 1000, recipientEmail: 'nope' } });
    expect(email.statusCode).toBe(400);
  });
});

describe('adjusting and disabling', () => {
  it('adds and takes with a reason, never below zero, each change in the ledger with the balance it left', async () => {
    const card = await issue({ amountCents: 2000 });
    expect((await adjust(card.id, { amountCents: 500, reason: 'Sorry for the late parcel' })).json().balanceCents).toBe(2500);
    expect((await adjust(card.id, { amountCents: -1000, reason: 'Issued too much' })).json().balanceCents).toBe(1500);
    const over = await adjust(card.id, { amountCents: -1501, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('The card holds only $15.00: it cannot go below zero');
    expect((await adjust(card.id, { amountCents: 100, reason: '  ' })).statusCode).toBe(400);
    expect((await adjust(card.id, { amountCents: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await adjust(999_999, { amountCents: 100, reason: 'Who' })).statusCode).toBe(404);

    const view = await detail(card.id);
    expect(view.balanceCents).toBe(1500);
    expect(view.ledger.map(({ kind, amountCents, balanceCents, reason }) => ({ kind, amountCents, balanceCents, reason }))).toEqual([
      { kind: 'issue', amountCents: 2000, balanceCents: 2000, reason: 'Issued by hand' },
      { kind: 'adjust', amountCents: 500, balanceCents: 2500, reason: 'Sorry for the late parcel' },
      { kind: 'adjust', amountCents: -1000, balanceCents: 1500, reason: 'Issued too much' },
    ]);
  });

  it('disables a card (the balance page says so) and enables it again, each once', async () => {
    const card = await issue({ amountCents: 1000 });
    const status = (value: string) => admin.inject({ method: 'POST', url: `/api/admin/gift-cards/${card.id}/status`, payload: { status: value } });
    expect((await status('disabled')).json().status).toBe('disabled');
    expect((await status('disabled')).statusCode).toBe(409);
    expect((await balanceOf(card.code)).json()).toMatchObject({ status: 'disabled', balanceCents: 1000 });
    expect((await status('active')).json().status).toBe('active');
    expect((await status('frozen')).statusCode).toBe(400);
    expect((await detail(card.id)).ledger.map((entry) => entry.kind)).toEqual(['issue', 'disable', 'enable']);
  });
});

describe("a card's ledger", () => {
  it('names an order by the number the owner knows it by, not its id', async () => {
    const card = await issue({ amountCents: 3000 });
    const [order] = await t.db.insert(orders).values({ customerEmail: 'ledger@example.com', customerName: 'Lee', total: '20.00' }).returning();
    await t.db.insert(giftCardLedger).values({ giftCardId: card.id, kind: 'hold', amountCents: -2000, balanceCents: 1000, orderId: order!.id });
    const { ledger } = await detail(card.id);
    expect(ledger.map(({ kind, orderId, orderNumber }) => ({ kind, orderId, orderNumber }))).toEqual([
      { kind: 'issue', orderId: null, orderNumber: null },
      { kind: 'hold', orderId: order!.id, orderNumber: order!.orderNumber },
    ]);
    expect(order!.orderNumber).toMatch(/^PB-/);
  });
});

describe('concurrent spending', () => {
  it('20 simultaneous $10 spends of a $50 card: exactly 5 go through, the balance ends at 0, never below', async () => {
    const card = await issue({ amountCents: 5000 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => adjust(card.id, { amountCents: -1000, reason: `Spend ${index}` })));
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);
    const [row] = await t.db.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    expect(row!.balanceCents).toBe(0);
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id)).orderBy(asc(giftCardLedger.id));
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(ledger.map((entry) => entry.balanceCents)).toEqual([5000, 4000, 3000, 2000, 1000, 0]);
  });
});
