import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { emailOutbox, orderEvents, orders, refunds, stockReservations } from '#server/db/schema.ts';
import { configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { newRequestId, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const refund = (orderId: number, payload: object, who: SignedIn = admin) => who.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('POST /api/orders/:id/refunds', () => {
  it('refunds chosen lines with restock: amount from the lines, stock back, e-mail with link and contact, timeline entry', async () => {
    const { orderId, paddle, paddleLine } = await paidSimulatedOrder(t);
    expect(await stockOf(t.db, paddle.id)).toBe(3);
    const res = await refund(orderId, {
      kind: 'lines',
      lines: [{ itemId: paddleLine.id, quantity: 1, restock: true }],
      reason: 'Cracked edge guard',
      requestId: newRequestId(),
    });
    expect(res.statusCode).toBe(200);
    const detail = AdminOrderDetail.parse(res.json());
    // what the unit cost: $30.00 and its share of the 8.2 % Texas tax ($4.92 on the line's two units)
    expect(detail.order).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: '32.46' });
    expect(detail.order.items[0]!.refundedQuantity).toBe(1);
    expect(detail.refunds).toEqual([
      expect.objectContaining({ amount: '32.46', state: 'succeeded', reason: 'Cracked edge guard', actor: `admin:${admin.id}` }),
    ]);
    expect(detail.refunds[0]!.providerRefundId).toMatch(/^re_sim_/);
    expect(detail.refundableCents).toBe(toCents(detail.order.total) - 3246);
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    const [held] = await t.db.select().from(stockReservations).where(eq(stockReservations.productId, paddle.id));
    expect(held).toMatchObject({ state: 'committed', quantity: 1 });
    expect(detail.timeline.find((entry) => entry.event === 'refund_partial')).toMatchObject({
      note: 'Refunded $32.46: Cracked edge guard',
      actorName: admin.username,
    });

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-refunded'));
    expect(mail).toMatchObject({ orderId, recipient: 'pat@example.com' });
    expect(mail!.subject).toContain('has been partly refunded');
    for (const body of [mail!.html, mail!.text]) {
      expect(body).toContain('$32.46');
      expect(body).toContain('/orders/PB-');
      expect(body).toContain('2401 E Cesar Chavez St');
    }
    expect(detail.timeline.some((entry) => entry.kind === 'email' && entry.event === 'order-refunded')).toBe(true);
  });

  it('refunds the whole remainder, marks the order refunded, and the customer page shows it without internals', async () => {
    const { orderId, paddleLine } = await paidSimulatedOrder(t);
    await refund(orderId, { kind: 'amount', amount: '12.50', reason: 'Late delivery', requestId: newRequestId() });
    const res = await refund(orderId, { kind: 'full', reason: 'Customer unhappy', requestId: newRequestId() });
    expect(res.statusCode).toBe(200);
    const { total } = await orderRow(orderId);
    expect(res.json().order).toMatchObject({ paymentStatus: 'refunded', refundedTotal: total, status: 'processing' });
    expect(res.json().order.items.map((item: { refundedQuantity: number }) => item.refundedQuantity)).toEqual([2, 1]);
    expect((await refundsOf(orderId)).map((row) => row.amount)).toEqual(['12.50', centsToDecimal(toCents(total) - 1250)]);
    expect(paddleLine.refundedQuantity).toBe(0);

    // the customer's page: each refund with its amount, no reasons, actors or provider ids
    const { orderNumber } = await orderRow(orderId);
    const { key } = t.services.orderLinks.sign(orderNumber);
    const page = await t.app.inject({ url: `/api/orders/number/${orderNumber}?key=${encodeURIComponent(key)}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ paymentStatus: 'refunded', refundedTotal: total, actions: { cancel: false } });
    expect(page.json().timeline.filter((entry: { event: string }) => entry.event === 'refunded')).toEqual([
      expect.objectContaining({ amount: '12.50' }),
      expect.objectContaining({ amount: centsToDecimal(toCents(total) - 1250) }),
    ]);
    for (const secret of ['Late delivery', 'Customer unhappy', 're_sim_', `admin:${admin.id}`, 'refund_full']) expect(page.body).not.toContain(secret);

    const again = await refund(orderId, { kind: 'full', reason: 'Again', requestId: newRequestId() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been refunded in full/);
  });

  it('refuses a refund above what is left, naming both amounts', async () => {
    const { orderId } = await paidSimulatedOrder(t);
    await refund(orderId, { kind: 'amount', amount: '60.00', reason: 'Most of it', requestId: newRequestId() });
    const { total, orderNumber } = await orderRow(orderId);
    const left = toCents(total) - 6000;
    const res = await refund(orderId, { kind: 'amount', amount: centsToDecimal(left + 1), reason: 'Too much', requestId: newRequestId() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`A refund of ${formatCents(left + 1)} is more than the ${formatCents(left)} left to refund on order #${orderNumber}.`);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).refundedTotal).toBe('60.00');
  });

  it('refuses line quantities beyond what was sold or already refunded, and lines of other orders', async () => {
    const { orderId, paddleLine, ballsLine } = await paidSimulatedOrder(t);
    const other = await paidSimulatedOrder(t);
    const tooMany = await refund(orderId, { kind: 'lines', lines: [{ itemId: paddleLine.id, quantity: 3 }], reason: 'x', requestId: newRequestId() });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 of Refund Paddle can still be refunded (2 sold, 0 refunded).');
    await refund(orderId, { kind: 'lines', lines: [{ itemId: ballsLine.id, quantity: 1 }], reason: 'x', requestId: newRequestId() });
    const twice = await refund(orderId, { kind: 'lines', lines: [{ itemId: ballsLine.id, quantity: 1 }], reason: 'x', requestId: newRequestId() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Refund Balls has already been refunded in full.');
    const foreign = await refund(orderId, { kind: 'lines', lines: [{ itemId: other.paddleLine.id, quantity: 1 }], reason: 'x', requestId: newRequestId() });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`Invalid refund: line ${other.paddleLine.id} is not part of this order`);
    const doubled = await refund(orderId, {
      kind: 'lines',
      lines: [
        { itemId: paddleLine.id, quantity: 1 },
        { itemId: paddleLine.id, quantity: 1 },
      ],
      reason: 'x',
      requestId: newRequestId(),
    });
    expect(doubled.statusCode).toBe(400);
    expect((await refundsOf(orderId)).map((row) => row.amount)).toEqual(['10.82']);
  });

  it('refuses unpaid orders', async () => {
    const [unpaid] = await t.db.insert(orders).values({ customerEmail: 'u@example.com', customerName: 'U', total: '20.00' }).returning();
    const res = await refund(unpaid!.id, { kind: 'full', reason: 'x', requestId: newRequestId() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/has not been paid/);
    expect((await refund(999_999, { kind: 'full', reason: 'x', requestId: newRequestId() })).statusCode).toBe(404);
  });

  it('refunds once when the same request is submitted twice, even at the same time', async () => {
    const { orderId, paddle, paddleLine } = await paidSimulatedOrder(t);
    const body = { kind: 'lines', lines: [{ itemId: paddleLine.id, quantity: 1, restock: true }], reason: 'Double click', requestId: newRequestId() };
    const answers = await Promise.all([refund(orderId, body), refund(orderId, body)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const again = await refund(orderId, body);
    expect(again.statusCode).toBe(200);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).refundedTotal).toBe('32.46');
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).filter((mail) => mail.kind === 'order-refunded')).toHaveLength(1);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.event.startsWith('refund_'))).toHaveLength(1);
  });

  it('refuses bad amounts and shapes with 400', async () => {
    const { orderId } = await paidSimulatedOrder(t);
    const cases: Array<[object, string]> = [
      [{ kind: 'amount', amount: '-5', reason: 'x', requestId: newRequestId() }, 'Invalid refund: amount: Amount cannot be negative'],
      [{ kind: 'amount', amount: '1.005', reason: 'x', requestId: newRequestId() }, 'Invalid refund: amount: Amount can have at most 2 decimal places'],
      [{ kind: 'amount', amount: '0', reason: 'x', requestId: newRequestId() }, 'Invalid refund: amount: Amount must be more than 0'],
      [{ kind: 'amount', amount: 'ten', reason: 'x', requestId: newRequestId() }, 'Invalid refund: amount: Amount must be a number'],
      [{ kind: 'amount', amount: '5', reason: '  ', requestId: newRequestId() }, 'Invalid refund: reason: Reason is required'],
      [{ kind: 'amount', amount: '5', reason: 'x' }, 'Invalid refund: requestId: requestId is required'],
      [{ kind: 'lines', lines: [], reason: 'x', requestId: newRequestId() }, 'Invalid refund: lines: Choose at least one line to refund'],
      [
        { kind: 'lines', lines: [{ itemId: 1, quantity: 0 }], reason: 'x', requestId: newRequestId() },
        'Invalid refund: lines.0.quantity: Quantity must be at least 1',
      ],
      [{ kind: 'everything', reason: 'x', requestId: newRequestId() }, 'Invalid refund: kind: kind must be one of full, lines, amount'],
    ];
    for (const [body, message] of cases) {
      const res = await refund(orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await refundsOf(orderId)).toHaveLength(0);
  });

  it('is for admins only: 401 anonymous, 403 customers, nothing refunded', async () => {
    const { orderId } = await paidSimulatedOrder(t);
    const customer = await t.signIn();
    const body = { kind: 'full', reason: 'x', requestId: newRequestId() };
    expect((await refund(orderId, body, customer)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload: body, headers: { origin: 'http://localhost' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await customer.inject({ url: `/api/orders/${orderId}` })).statusCode).toBe(403);
    expect((await customer.inject({ method: 'POST', url: `/api/orders/${orderId}/notes`, payload: { note: 'x' } })).statusCode).toBe(403);
    expect(await refundsOf(orderId)).toHaveLength(0);
  });

  it('a partly refunded order moves through fulfilment, and cancelling it refunds only the rest', async () => {
    const { orderId, paddle, paddleLine } = await paidSimulatedOrder(t);
    await refund(orderId, { kind: 'lines', lines: [{ itemId: paddleLine.id, quantity: 1, restock: true }], reason: 'One short', requestId: newRequestId() });
    expect(await stockOf(t.db, paddle.id)).toBe(4);
    // fulfilment steps keep the payment status
    const held = await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'pending' } });
    expect(held.json()).toMatchObject({ status: 'pending', paymentStatus: 'partially_refunded' });
    const cancelled = await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedTotal: (await orderRow(orderId)).total });
    // the refunded paddle went back once; the cancel gives back the one the order still held
    expect(await stockOf(t.db, paddle.id)).toBe(5);
  });
});

describe('order notes and the admin timeline', () => {
  it('adds private notes shown to the admin, never to the customer', async () => {
    const { orderId } = await paidSimulatedOrder(t);
    const res = await admin.inject({ method: 'POST', url: `/api/orders/${orderId}/notes`, payload: { note: 'Customer called about gift wrap' } });
    expect(res.statusCode).toBe(200);
    const detail = AdminOrderDetail.parse(res.json());
    expect(detail.timeline.map((entry) => entry.event)).toEqual(expect.arrayContaining(['pay', 'note', 'order-confirmation']));
    expect(detail.timeline.find((entry) => entry.event === 'note')).toMatchObject({ note: 'Customer called about gift wrap', actor: `admin:${admin.id}` });
    const empty = await admin.inject({ method: 'POST', url: `/api/orders/${orderId}/notes`, payload: { note: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Invalid note: note: Note is required');
    expect((await admin.inject({ method: 'POST', url: '/api/orders/999999/notes', payload: { note: 'x' } })).statusCode).toBe(404);
    expect((await admin.inject({ url: '/api/orders/999999' })).statusCode).toBe(404);
    // the note stays off the customer's page
    const { orderNumber } = await orderRow(orderId);
    const { key } = t.services.orderLinks.sign(orderNumber);
    const page = await t.app.inject({ url: `/api/orders/number/${orderNumber}?key=${encodeURIComponent(key)}` });
    expect(page.body).not.toContain('gift wrap');
  });
});
