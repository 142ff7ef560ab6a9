import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminReturnsView, CustomerReturnsView } from '#common/schemas/order-returns.ts';
import { emailOutbox, giftCardLedger, giftCards, orderEvents, orders, refunds } from '#server/db/schema.ts';
import { configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { newRequestId, paidOrderOf, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
  await setPolicy(30, 'Paddle test drive: play it, return it within 30 days for store credit or a refund minus a fee.');
});
afterAll(() => t.close());

const setPolicy = async (windowDays: number, conditions = '') => {
  const res = await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays, conditions } });
  expect(res.statusCode, res.body).toBe(200);
};
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const keyOf = async (orderId: number) => {
  const { orderNumber } = await orderRow(orderId);
  return { orderNumber, key: t.services.orderLinks.sign(orderNumber).key };
};
// a parcel is delivered after it shipped
const deliver = async (orderId: number) => {
  await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'shipped' } });
  return admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'delivered' } });
};

/** A paid, delivered order (2 × $30 paddle, 1 × $10 balls) and its signed link. */
async function deliveredOrder() {
  const order = await paidSimulatedOrder(t);
  expect((await deliver(order.orderId)).statusCode).toBe(200);
  return { ...order, ...(await keyOf(order.orderId)) };
}

type Delivered = Awaited<ReturnType<typeof deliveredOrder>>;
const ask = (order: Pick<Delivered, 'orderNumber' | 'key'>, payload: object, key: string | undefined = order.key) =>
  t.app.inject({ method: 'POST', url: `/api/orders/number/${order.orderNumber}/returns`, payload: { key, ...payload } });
const request = (order: Delivered, lines = [{ itemId: order.paddleLine.id, quantity: 1 }], requestId = newRequestId()) =>
  ask(order, { lines, reason: 'Too heavy for my elbow', requestId });
const act = (returnId: number, what: string, payload: object = {}) => admin.inject({ method: 'POST', url: `/api/returns/${returnId}/${what}`, payload });
const mails = (orderId: number, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)));
const events = async (orderId: number, event: string) =>
  (
    await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, event)))
  ).length;

async function requested(order: Delivered) {
  const res = await request(order);
  expect(res.statusCode, res.body).toBe(200);
  return CustomerReturnsView.parse(res.json()).returns.at(-1)!.id;
}

describe('returns: the whole way', () => {
  it('request, approve, receive with restock, part refund: each step once, e-mailed, in both timelines', async () => {
    const order = await deliveredOrder();
    const view = await t.app.inject({ url: `/api/orders/number/${order.orderNumber}/returns?key=${encodeURIComponent(order.key)}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ policy: { windowDays: 30 }, window: { open: true } });
    expect(view.json().returnable).toEqual([
      { itemId: order.paddleLine.id, quantity: 2, giftCard: false },
      { itemId: order.ballsLine.id, quantity: 1, giftCard: false },
    ]);

    const returnId = await requested(order);
    const [asked] = await mails(order.orderId, 'return-requested');
    expect(asked!.text).toContain('1 × Refund Paddle');
    expect(asked!.text).toContain('/orders/PB-');

    const approved = await act(returnId, 'approve', { instructions: 'Ship it to 1 Court St with the label enclosed.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(AdminReturnsView.parse(approved.json()).returns[0]).toMatchObject({ state: 'approved', valueCents: 3246 }); // $30.00 and its $2.46 of tax
    const [instructions] = await mails(order.orderId, 'return-approved');
    for (const body of [instructions!.html, instructions!.text]) expect(body).toContain('1 Court St');

    expect(await stockOf(t.db, order.paddle.id)).toBe(3);
    const received = await act(returnId, 'receive', { lines: [{ itemId: order.paddleLine.id, restock: true }] });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(t.db, order.paddle.id)).toBe(4);
    expect((await act(returnId, 'receive', { lines: [{ itemId: order.paddleLine.id, restock: true }] })).statusCode).toBe(200);
    expect(await stockOf(t.db, order.paddle.id)).toBe(4);

    const refunded = await act(returnId, 'refund', { amount: '25.50', note: 'Test drive fee of $4.50 kept' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(AdminReturnsView.parse(refunded.json()).returns[0]).toMatchObject({ state: 'refunded', refund: { amount: '25.50', state: 'succeeded' } });
    expect((await act(returnId, 'refund', { amount: '25.50' })).statusCode).toBe(200);
    const refundRows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({ amount: '25.50', idempotencyKey: `return-${returnId}` });
    expect(await orderRow(order.orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: '25.50' });
    expect(await mails(order.orderId, 'order-refunded')).toHaveLength(1);
    // the paddle unit went back once: stock stayed where the receipt put it
    expect(await stockOf(t.db, order.paddle.id)).toBe(4);
    for (const step of ['return_requested', 'return_approved', 'return_received', 'return_refunded']) expect(await events(order.orderId, step)).toBe(1);

    const detail = await admin.inject({ url: `/api/orders/${order.orderId}` });
    const received_ = detail.json().timeline.find((entry: { event: string }) => entry.event === 'return_received');
    expect(received_).toMatchObject({ actorName: admin.username, note: 'Received: 1 × Refund Paddle (restocked)' });

    const page = await t.app.inject({ url: `/api/orders/number/${order.orderNumber}?key=${encodeURIComponent(order.key)}` });
    const shown = page.json().timeline.map((entry: { event: string }) => entry.event);
    expect(shown).toEqual(expect.arrayContaining(['return_requested', 'return_approved', 'return_received', 'refunded']));
    for (const secret of ['restocked', 'Test drive fee', `admin:${admin.id}`]) expect(page.body).not.toContain(secret);
    const after = await t.app.inject({ url: `/api/orders/number/${order.orderNumber}/returns?key=${encodeURIComponent(order.key)}` });
    expect(after.json().returns[0]).toMatchObject({ state: 'refunded', refundAmount: '25.50' });
    expect(after.body).not.toContain('restock');
    expect(after.json().returnable[0]).toEqual({ itemId: order.paddleLine.id, quantity: 1, giftCard: false });
  });

  it('store credit: a gift card for the amount, its ledger naming the return, e-mailed once with a code the balance page and checkout take', async () => {
    const order = await deliveredOrder();
    const openReturns = async () =>
      ((await admin.inject({ url: `/api/orders/active?returns=open&q=${order.orderId}` })).json() as Array<{ id: number }>).map((item) => item.id);
    expect(await openReturns()).toEqual([]);
    const returnId = await requested(order);
    expect(await openReturns()).toEqual([order.orderId]);
    await act(returnId, 'approve', { instructions: 'Send it back' });
    await act(returnId, 'receive', { lines: [] });
    expect(await openReturns()).toEqual([order.orderId]);
    const first = await act(returnId, 'credit', {});
    expect(first.statusCode, first.body).toBe(200);
    const credit = AdminReturnsView.parse(first.json()).returns[0]!.credit!;
    expect(credit).toMatchObject({ kind: 'gift-card', amount: '32.46', used: false });
    expect((await act(returnId, 'credit', {})).statusCode).toBe(200);
    const cards = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.orderId));
    expect(cards).toMatchObject([{ source: 'store-credit', initialCents: 3246, balanceCents: 3246, last4: credit.code, recipientEmail: 'pat@example.com' }]);
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, cards[0]!.id));
    const { orderNumber } = await orderRow(order.orderId);
    expect(ledger).toMatchObject([
      {
        kind: 'store-credit',
        amountCents: 3246,
        balanceCents: 3246,
        orderId: order.orderId,
        reason: `Store credit for return #${returnId} of order #${orderNumber}`,
      },
    ]);
    const sent = await mails(order.orderId, 'store-credit');
    expect(sent).toHaveLength(1);
    const code = /Gift card code \(\$32\.46\): (\S+)/.exec(sent[0]!.text)![1]!;
    expect(sent[0]!.html).toContain(code);
    expect(code.replaceAll('-', '').slice(-4)).toBe(credit.code);
    const balance = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code } });
    expect(balance.json()).toMatchObject({ last4: credit.code, balanceCents: 3246, status: 'active' });
    expect(await events(order.orderId, 'return_credited')).toBe(1);
    // the customer sees the card by its last four, never its code
    const mine = CustomerReturnsView.parse(
      (await t.app.inject({ url: `/api/orders/number/${order.orderNumber}/returns?key=${encodeURIComponent(order.key)}` })).json(),
    );
    expect(mine.returns[0]!.credit).toEqual({ kind: 'gift-card', code: credit.code, amount: '32.46' });
    expect(await openReturns()).toEqual([]);
    expect((await admin.inject({ url: '/api/orders/active?returns=closed' })).statusCode).toBe(400);
    // credited units cannot be asked back again, nor refunded as this return
    expect((await act(returnId, 'refund', {})).statusCode).toBe(409);
    const again = await request(order, [{ itemId: order.paddleLine.id, quantity: 2 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only 1 of Refund Paddle can still be returned (2 bought).');
  });
});

describe('returns: bad input', () => {
  it('refuses an order that is not delivered, a window that ended, and a shop without returns', async () => {
    const order = await paidSimulatedOrder(t);
    expect((await orderRow(order.orderId)).deliveredAt).toBeNull();
    const linked = await keyOf(order.orderId);
    const early = await ask(linked, { lines: [{ itemId: order.paddleLine.id, quantity: 1 }], reason: 'x', requestId: newRequestId() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Order #${linked.orderNumber} has not been delivered, so nothing on it can be returned yet.`);

    const old = await deliveredOrder();
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(eq(orders.id, old.orderId));
    const late = await request(old);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`The 30-day return window for order #${old.orderNumber} ended on January 31, 2020.`);
    // delivering it again (after a move back to shipped) does not open the window again: the first delivery counts
    await admin.inject({ method: 'PATCH', url: `/api/orders/${old.orderId}/status`, payload: { status: 'shipped' } });
    expect((await deliver(old.orderId)).statusCode).toBe(200);
    expect((await orderRow(old.orderId)).deliveredAt).toEqual(new Date(Date.UTC(2020, 0, 1)));
    expect((await request(old)).statusCode).toBe(409);
    const view = await t.app.inject({ url: `/api/orders/number/${old.orderNumber}/returns?key=${encodeURIComponent(old.key)}` });
    expect(view.json().window).toEqual({ open: false, endsAt: '2020-01-31T00:00:00.000Z' });

    await setPolicy(0);
    const fresh = await deliveredOrder();
    const none = await request(fresh);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This shop does not take returns.');
    await setPolicy(30, 'Paddle test drive');
  });

  it('store credit above what one gift card holds ($10,000) is refused with nothing issued; at most the ceiling is credited', async () => {
    const { orderId, lines } = await paidOrderOf(t, [{ price: '6000.00', quantity: 2 }]);
    expect((await deliver(orderId)).statusCode).toBe(200);
    const order = { orderId, ...(await keyOf(orderId)) };
    const asked = await ask(order, { lines: [{ itemId: lines[0]!.id, quantity: 2 }], reason: 'Changed my mind', requestId: newRequestId() });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = CustomerReturnsView.parse(asked.json()).returns.at(-1)!.id;
    await act(returnId, 'approve', { instructions: 'Send them back' });
    await act(returnId, 'receive', { lines: [] });
    const cardsBefore = (await t.db.select().from(giftCards)).length;

    const refused = await act(returnId, 'credit', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^Store credit of \$12,\d{3}\.\d{2} is more than one gift card can hold \(\$10,000\.00\)\. Refund this return instead, or credit at most \$10,000\.00\.$/,
    );
    expect((await act(returnId, 'credit', { amount: '10000.01' })).statusCode).toBe(400);
    expect((await t.db.select().from(giftCards)).length).toBe(cardsBefore);
    expect(await events(orderId, 'return_credited')).toBe(0);

    const credited = await act(returnId, 'credit', { amount: '10000.00', note: 'The most one card holds' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(AdminReturnsView.parse(credited.json()).returns[0]).toMatchObject({ state: 'credited', credit: { kind: 'gift-card', amount: '10000.00' } });
  });

  it('refuses more units than bought or already returned or refunded, foreign and doubled lines', async () => {
    const order = await deliveredOrder();
    const other = await deliveredOrder();
    const tooMany = await request(order, [{ itemId: order.paddleLine.id, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 of Refund Paddle can still be returned (2 bought).');
    await admin.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/refunds`,
      payload: { kind: 'lines', lines: [{ itemId: order.ballsLine.id, quantity: 1 }], reason: 'Damaged', requestId: newRequestId() },
    });
    const refundedLine = await request(order, [{ itemId: order.ballsLine.id, quantity: 1 }]);
    expect(refundedLine.statusCode).toBe(409);
    expect(refundedLine.json().message).toBe('Refund Balls has already been returned or refunded.');
    const foreign = await request(order, [{ itemId: other.paddleLine.id, quantity: 1 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`Invalid return: line ${other.paddleLine.id} is not part of this order`);
    const doubled = await request(order, [
      { itemId: order.paddleLine.id, quantity: 1 },
      { itemId: order.paddleLine.id, quantity: 1 },
    ]);
    expect(doubled.statusCode).toBe(400);
    const empty = await ask(order, { lines: [], reason: 'x', requestId: newRequestId() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one item to return');
    const noReason = await ask(order, { lines: [{ itemId: order.paddleLine.id, quantity: 1 }], reason: ' ', requestId: newRequestId() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please tell us why you are returning it');
  });

  it('a double-submitted request asks once; steps out of order are refused', async () => {
    const order = await deliveredOrder();
    const requestId = newRequestId();
    const [a, b] = [await request(order, undefined, requestId), await request(order, undefined, requestId)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().returns).toHaveLength(1);
    expect(await mails(order.orderId, 'return-requested')).toHaveLength(1);
    const returnId = b.json().returns[0].id as number;

    const early = await act(returnId, 'receive', { lines: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This return is waiting for approval, so it cannot be marked received.');
    expect((await act(returnId, 'refund', {})).statusCode).toBe(409);
    expect((await act(returnId, 'approve', { instructions: ' ' })).json().message).toBe('Invalid approval: instructions: Return instructions are required');
    await act(returnId, 'approve', { instructions: 'Post it' });
    expect((await act(returnId, 'approve', { instructions: 'Post it' })).statusCode).toBe(200);
    expect(await mails(order.orderId, 'return-approved')).toHaveLength(1);
    const foreignLine = await act(returnId, 'receive', { lines: [{ itemId: order.ballsLine.id, restock: true }] });
    expect(foreignLine.statusCode).toBe(400);
    await act(returnId, 'receive', { lines: [] });
    const tooMuch = await act(returnId, 'refund', { amount: '32.47' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('$32.47 is more than the $32.46 the returned units cost.');
    const rejected = await act(returnId, 'reject', { reason: 'Too late' });
    expect(rejected.statusCode).toBe(409);
    expect((await act(999_999, 'approve', { instructions: 'x' })).statusCode).toBe(404);
  });

  it("another customer's order, tampered and expired links, signed-out and non-admin access", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const order = await deliveredOrder();
    await t.db.update(orders).set({ userId: owner.id }).where(eq(orders.id, order.orderId));
    const body = { lines: [{ itemId: order.paddleLine.id, quantity: 1 }], reason: 'x', requestId: newRequestId() };
    const url = `/api/orders/number/${order.orderNumber}/returns`;

    const foreign = await stranger.inject({ method: 'POST', url, payload: body });
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.inject({ url })).statusCode).toBe(404);
    const tampered = await ask(order, body, `${order.key.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(403);
    const expired = t.services.orderLinks.sign(order.orderNumber, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)).key;
    expect((await ask(order, body, expired)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);

    const mine = await owner.inject({ method: 'POST', url, payload: body });
    expect(mine.statusCode, mine.body).toBe(200);
    const returnId = mine.json().returns[0].id as number;
    expect((await stranger.inject({ method: 'POST', url: `/api/returns/${returnId}/approve`, payload: { instructions: 'x' } })).statusCode).toBe(403);
    expect((await stranger.inject({ url: `/api/orders/${order.orderId}/returns` })).statusCode).toBe(403);
  });

  it('the return policy: saved by the admin, shown in site settings and the order confirmation; bad values refused', async () => {
    const bad = await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 400, conditions: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid return policy: windowDays: Return window must be a whole number of days from 0 to 365');
    const settings = await t.app.inject({ url: '/api/site-settings' });
    expect(settings.json()).toMatchObject({ returnWindowDays: 30, returnConditions: 'Paddle test drive' });
    const order = await paidSimulatedOrder(t);
    const [confirmation] = await mails(order.orderId, 'order-confirmation');
    for (const part of [confirmation!.html, confirmation!.text])
      expect(part).toContain('Returns within 30 days of delivery: ask for one from your order page. Paddle test drive');
  });
});
