import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminOrderDetail, type RefundInput } from '#common/schemas/order-refunds.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { orderView } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { RefundForm } from './refund-form.tsx';

// The owner's refund: choose units, an amount or everything left, give a reason, then confirm the
// amount (priced as the server charges it) before any money goes back.

// two paddles at $60.00 with $8.70 tax between them: one unit gives back $60.00 + $4.35
const detail = AdminOrderDetail.parse({ order: orderView(), refunds: [], timeline: [], refundableCents: 12870, fulfilment: { pickup: false, shipments: [] } });

function afterRefund(amount: string): AdminOrderDetail {
  return AdminOrderDetail.parse({
    ...detail,
    refunds: [
      {
        id: 5,
        amount,
        reason: 'Cracked face',
        lines: [],
        shipping: false,
        state: 'succeeded',
        providerRefundId: 're_1',
        actor: 'admin:1',
        createdAt: '2026-11-28T10:00:00.000Z',
      },
    ],
    refundableCents: 12870 - Math.round(Number(amount) * 100),
  });
}

function openRefund(answer: (body: RefundInput) => Answer, given: AdminOrderDetail = detail) {
  const api = fakeApi({ 'POST /api/orders/31/refunds': (request) => answer(request.body as RefundInput) });
  const view = renderInShop(<RefundForm detail={given} />, { path: '/admin/orders/31' });
  return { ...view, api, form: within(screen.getByRole('form', { name: 'Refund' })) };
}

describe('the refund form', () => {
  it('refunds chosen units with their tax share after the owner confirms the amount', async () => {
    const { user, api, form } = openRefund(() => ok(afterRefund('64.35')));
    expect(form.getByText('Left to refund:')).toHaveTextContent('$128.70');

    await fillIn(user, form.getByLabelText('Units of Court Pro Paddle to refund'), '1');
    await user.click(form.getByRole('checkbox', { name: 'Put back in stock' }));
    await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Cracked face');
    await user.click(form.getByRole('button', { name: 'Refund $64.35…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Refund $64.35 on order #PB-7K3Q9D?' }));
    expect(dialog.getByText('1 × Court Pro Paddle')).toBeInTheDocument();
    expect(dialog.getByText('Their share of the tax').nextElementSibling).toHaveTextContent('+$4.35');
    expect(dialog.getByText('Back in stock: 1 × Court Pro Paddle')).toBeInTheDocument();
    expect(dialog.getByText('Reason told to the customer: “Cracked face”')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Confirm refund of $64.35' }));

    expect(await findToast('Refund made')).toHaveTextContent('$64.35 refunded on order #PB-7K3Q9D.');
    expect(api.sent[0]?.body).toMatchObject({ kind: 'lines', lines: [{ itemId: 1, quantity: 1, restock: true }], shipping: false, reason: 'Cracked face' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says where the money goes when a gift card paid part of the order: the card first, the card payment the rest (decision 072)', async () => {
    const paidByCard = { ...detail, giftCards: [{ giftCardId: 4, last4: 'ABCD', paidCents: 5000, refundedCents: 1000 }] };
    const { user, form } = openRefund(() => ok(detail), paidByCard);
    await fillIn(user, form.getByLabelText('Units of Court Pro Paddle to refund'), '1');
    await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Cracked face');
    await user.click(form.getByRole('button', { name: 'Refund $64.35…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $64.35 on order #PB-7K3Q9D?' });
    expect(dialog).toHaveAccessibleDescription(
      'The money goes back: $40.00 to gift card ••••ABCD, $24.35 to the card. The customer is e-mailed. This cannot be undone.',
    );
  });

  it('asks for something to refund and for a reason, and sends nothing', async () => {
    const { user, api, form } = openRefund(() => ok(detail));

    await user.click(form.getByRole('button', { name: 'Refund…' }));
    expect(form.getByRole('alert')).toHaveTextContent('Choose at least one item (or the shipping) to refund.');

    await fillIn(user, form.getByLabelText('Units of Court Pro Paddle to refund'), '2');
    await user.click(form.getByRole('button', { name: 'Refund $128.70…' }));
    expect(form.getByRole('alert')).toHaveTextContent('Give a reason: the customer is told it.');

    await user.selectOptions(form.getByLabelText('Refund'), 'An amount');
    await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Goodwill');
    await user.click(form.getByRole('button', { name: 'Refund…' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter the amount to refund, for example 12.50.');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it("refunds an amount, and shows the server's refusal in the confirmation, sending the same request id again", async () => {
    let calls = 0;
    const { user, api, form } = openRefund(() => (calls++ === 0 ? fails(502, 'The card provider did not answer') : ok(afterRefund('12.50'))));
    await user.selectOptions(form.getByLabelText('Refund'), 'An amount');
    await fillIn(user, form.getByLabelText('Amount ($)'), '12.50');
    await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Late delivery');
    await user.click(form.getByRole('button', { name: 'Refund $12.50…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund $12.50 on order #PB-7K3Q9D?' }));
    expect(dialog.getByText('An amount, not tied to any item')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Confirm refund of $12.50' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('The card provider did not answer');

    await user.click(dialog.getByRole('button', { name: 'Confirm refund of $12.50' }));

    expect(await findToast('Refund made')).toHaveTextContent('$12.50 refunded on order #PB-7K3Q9D.');
    const [first, second] = api.sent.map((request) => request.body as RefundInput & { requestId: string });
    expect(first).toMatchObject({ kind: 'amount', amount: '12.50', reason: 'Late delivery' });
    // a retry of the same refund: the server makes it once
    expect(second?.requestId).toBe(first?.requestId);
  });

  describe('an order that bought gift cards (decision 081)', () => {
    // the paddles ($128.70 with their tax) and two $25 gift cards, both sent; the latest, ••••WXYZ, has $10 left
    const base = orderView();
    const withCards = AdminOrderDetail.parse({
      ...detail,
      order: {
        ...base,
        total: '178.70',
        items: [
          ...base.items,
          { ...base.items[0]!, id: 2, productId: 2, productName: 'Gift Card', variantId: 7, sku: null, quantity: 2, price: '25.00', taxAllocated: '0.00' },
        ],
      },
      refundableCents: 17870,
      boughtGiftCards: [
        { itemId: 2, state: 'sent', amountCents: 2500, last4: 'WXYZ', balanceCents: 1000 },
        { itemId: 2, state: 'sent', amountCents: 2500, last4: 'ABCD', balanceCents: 2500 },
      ],
    });

    it('offers no "Put back in stock" for a gift card line, and warns that the card it takes back was partly spent', async () => {
      const { user, form } = openRefund(() => ok(withCards), withCards);
      expect(form.getAllByRole('checkbox', { name: 'Put back in stock' })).toHaveLength(1);
      expect(form.getByText('A gift card: refunding it takes the card back.')).toBeInTheDocument();

      await fillIn(user, form.getByLabelText('Units of Gift Card to refund'), '1');
      await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Bought by mistake');
      await user.click(form.getByRole('button', { name: 'Refund $25.00…' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Refund $25.00 on order #PB-7K3Q9D?' }));
      expect(dialog.getByTestId('spent-gift-cards')).toHaveTextContent('Gift card ••••WXYZ: $10.00 of its $25.00 is left, and only that is taken back.');
      expect(dialog.getByTestId('spent-gift-cards')).not.toHaveTextContent('ABCD');
    });

    it("refuses an amount that reaches into the gift cards' part, naming the most an amount gives back", async () => {
      const { user, api, form } = openRefund(() => ok(withCards), withCards);
      await user.selectOptions(form.getByLabelText('Refund'), 'An amount');
      expect(form.getByText('At most $128.70: gift cards this order bought are refunded by choosing their lines.')).toBeInTheDocument();
      await fillIn(user, form.getByLabelText('Amount ($)'), '128.71');
      await fillIn(user, form.getByLabelText('Reason (told to the customer)'), 'Goodwill');
      await user.click(form.getByRole('button', { name: 'Refund $128.71…' }));

      expect(await form.findByRole('alert')).toHaveTextContent(
        'An amount refund gives back at most $128.70 here: the other $50.00 paid for gift cards, which only a refund of their lines takes back. Choose the gift card lines to refund them.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.sent).toHaveLength(0);
    });
  });

  it('says when nothing is left to refund', () => {
    fakeApi({});
    renderInShop(<RefundForm detail={{ ...detail, refundableCents: 0 }} />);

    expect(screen.getByText('Nothing is left to refund on this order.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
