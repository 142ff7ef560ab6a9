import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminReturn, AdminReturnsView } from '#common/schemas/order-returns.ts';
import { ROLE_PERMISSIONS } from '#common/staff-roles.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { customer } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ReturnPanel } from './return-panel.tsx';

// The owner's side of a return: approve with instructions or decline with a reason, mark it received
// choosing what goes back in stock, then refund to the card or issue store credit, the server's
// refusal shown beside the step.

function aReturn(overrides: Partial<AdminReturn> = {}): AdminReturn {
  return AdminReturn.parse({
    id: 7,
    state: 'requested',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    reason: 'The grip is too thin for me',
    lines: [
      { itemId: 1, productName: 'Court Pro Paddle', variantName: '16 mm', quantity: 1, price: '60.00', restock: false },
      { itemId: 2, productName: 'Overgrip', variantName: null, quantity: 2, price: '4.50', restock: false },
    ],
    instructions: null,
    rejectionReason: null,
    valueCents: 6900,
    refund: null,
    credit: null,
    ...overrides,
  });
}
const view = (...returns: AdminReturn[]) => AdminReturnsView.parse({ orderId: 31, returns });

/**
 * The order's returns as the server keeps them: a step answers with `after` and later reads see it too
 * (each step makes the page read the order again). `refusal` answers the step instead.
 */
function openReturns(
  returns: AdminReturn[],
  step?: { path: string; after?: AdminReturn; refusal?: ReturnType<typeof fails> },
  role: 'owner' | 'fulfilment' = 'owner',
) {
  let current = view(...returns);
  const routes: Parameters<typeof fakeApi>[0] = {
    'GET /api/orders/31/returns': () => ok(current),
    'GET /api/user': ok(customer({ isAdmin: role === 'owner', role, permissions: [...ROLE_PERMISSIONS[role]] })),
  };
  if (step) {
    routes[`POST ${step.path}`] = () => {
      if (step.refusal) return step.refusal;
      current = view(step.after!);
      return ok(current);
    };
  }
  const api = fakeApi(routes);
  return { ...renderInShop(<ReturnPanel orderId={31} />, { path: '/admin/orders/31' }), api };
}

describe('the returns panel', () => {
  it('shows fulfilment staff the receipt of a return, not the decision or the refund (decision 052)', async () => {
    openReturns(
      [aReturn({ id: 7, state: 'requested' }), aReturn({ id: 8, state: 'approved' }), aReturn({ id: 9, state: 'received' })],
      undefined,
      'fulfilment',
    );
    const [requested, approved, received] = await screen.findAllByTestId('admin-return');
    expect(within(requested!).queryAllByRole('button')).toEqual([]);
    expect(within(approved!).getAllByRole('button').length).toBeGreaterThan(0);
    expect(within(received!).queryByRole('button', { name: 'Refund to card' })).not.toBeInTheDocument();
  });

  it('says when no return was requested', async () => {
    openReturns([]);
    expect(await screen.findByText('No returns requested.')).toBeInTheDocument();
  });

  it('says when the returns could not be read', async () => {
    fakeApi({ 'GET /api/orders/31/returns': fails(500, 'boom'), 'GET /api/user': ok(customer({ isAdmin: true, role: 'owner' })) });
    renderInShop(<ReturnPanel orderId={31} />);
    expect(await screen.findByText('The returns could not be loaded.')).toBeInTheDocument();
  });

  it("approves a requested return with instructions, and shows the return's next step", async () => {
    const { user, api } = openReturns([aReturn()], {
      path: '/api/returns/7/approve',
      after: aReturn({ state: 'approved', instructions: 'Ship it to 1 Court St.' }),
    });
    const entry = within(await screen.findByTestId('admin-return'));
    expect(entry.getByText('Return #7 · Requested')).toBeInTheDocument();
    expect(entry.getByText('1 × Court Pro Paddle (16 mm) at $60.00')).toBeInTheDocument();
    expect(entry.getByText('The grip is too thin for me')).toBeInTheDocument();
    const approve = entry.getByRole('button', { name: 'Approve return' });
    expect(approve).toBeDisabled();
    expect(entry.getByRole('button', { name: 'Decline return' })).toBeDisabled();

    await fillIn(user, entry.getByLabelText('Return instructions (e-mailed to the customer)'), 'Ship it to 1 Court St.');
    await user.click(approve);

    expect(await findToast('Return approved; the customer has the instructions')).toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/approve')[0]?.body).toEqual({ instructions: 'Ship it to 1 Court St.' });
    expect(await screen.findByText('Return #7 · Approved, on its way back')).toBeInTheDocument();
    const approved = within(screen.getByTestId('admin-return'));
    expect(approved.getByText('Ship it to 1 Court St.')).toBeInTheDocument();
    expect(approved.getByRole('button', { name: 'Mark received' })).toBeInTheDocument();
  });

  it('declines a return with its reason', async () => {
    const { user, api } = openReturns([aReturn()], {
      path: '/api/returns/7/reject',
      after: aReturn({ state: 'rejected', rejectionReason: 'Used for a season' }),
    });
    const entry = within(await screen.findByTestId('admin-return'));
    await fillIn(user, entry.getByLabelText('Or decline it, saying why'), 'Used for a season');
    await user.click(entry.getByRole('button', { name: 'Decline return' }));

    expect(await findToast('Return declined')).toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/reject')[0]?.body).toEqual({ reason: 'Used for a season' });
    expect(await screen.findByText('Declined: Used for a season')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /return$/ })).not.toBeInTheDocument();
  });

  it('marks a return received, restocking only the lines ticked', async () => {
    const received = aReturn({ state: 'received', lines: aReturn().lines.map((line) => ({ ...line, restock: line.itemId === 2 })) });
    const { user, api } = openReturns([aReturn({ state: 'approved', instructions: 'Ship it back' })], { path: '/api/returns/7/receive', after: received });
    const entry = within(await screen.findByTestId('admin-return'));
    await user.click(entry.getByRole('checkbox', { name: 'Restock 2 × Overgrip' }));
    await user.click(entry.getByRole('button', { name: 'Mark received' }));

    expect(await findToast('Return marked received')).toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/receive')[0]?.body).toEqual({
      lines: [
        { itemId: 1, restock: false },
        { itemId: 2, restock: true },
      ],
    });
    expect(await screen.findByText('2 × Overgrip at $4.50 · restocked')).toBeInTheDocument();
  });

  it("refunds the returned items' price, or less, with a note", async () => {
    const { user, api } = openReturns([aReturn({ state: 'received' })], {
      path: '/api/returns/7/refund',
      after: aReturn({ state: 'refunding', refund: { id: 3, amount: '64.00', state: 'pending' } }),
    });
    const entry = within(await screen.findByTestId('admin-return'));
    expect(entry.getByText(/The returned items cost/)).toHaveTextContent('The returned items cost $69.00. Give that back, or less to keep a fee.');
    expect(entry.getByLabelText('Amount ($)')).toHaveValue('69.00');

    await user.clear(entry.getByLabelText('Amount ($)'));
    await fillIn(user, entry.getByLabelText('Amount ($)'), '64.00');
    await fillIn(user, entry.getByLabelText('Note to the customer (optional)'), 'A $5 restocking fee applies');
    await user.click(entry.getByRole('button', { name: 'Refund to card' }));
    // nothing goes back until the owner confirms the amount the dialog names
    const dialog = screen.getByRole('dialog', { name: 'Refund $64.00 for return #7?' });
    expect(dialog).toHaveAccessibleDescription('$64.00 goes back to the customer’s card, and they are e-mailed. This cannot be undone.');
    const confirmation = within(within(dialog).getByTestId('settle-confirmation'));
    expect(confirmation.getByText('1 × Court Pro Paddle (16 mm)')).toBeInTheDocument();
    expect(confirmation.getByText('The items cost $69.00: the shop keeps $5.00.')).toBeInTheDocument();
    expect(confirmation.getByText('Note to the customer: “A $5 restocking fee applies”')).toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund of $64.00' }));

    expect(await findToast('Return refunded to the card')).toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/refund')[0]?.body).toEqual({ amount: '64.00', note: 'A $5 restocking fee applies' });
    expect(await screen.findByText('Return #7 · Refund in progress')).toBeInTheDocument();
    expect(screen.getByText('Refunded $64.00 (in progress)')).toBeInTheDocument();
  });

  it("issues store credit without a blank note, and shows the server's refusal beside the step", async () => {
    const { user, api } = openReturns([aReturn({ state: 'received' })], {
      path: '/api/returns/7/credit',
      refusal: fails(409, 'This return was settled in another tab'),
    });
    const entry = within(await screen.findByTestId('admin-return'));
    await fillIn(user, entry.getByLabelText('Note to the customer (optional)'), '   ');
    await user.click(entry.getByRole('button', { name: 'Refund as store credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue $69.00 of store credit for return #7?' });
    expect(dialog).toHaveAccessibleDescription(
      'The customer is e-mailed a new gift card worth $69.00, spent at checkout like any gift card; nothing goes back to their card. This cannot be undone.',
    );
    expect(within(dialog).queryByText(/the shop keeps/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue $69.00 credit' }));

    expect(await entry.findByRole('alert')).toHaveTextContent('This return was settled in another tab');
    expect(api.sentTo('POST /api/returns/7/credit')[0]?.body).toEqual({ amount: '69.00' });
  });

  it('sends nothing when the owner goes back, or when the amount is not one', async () => {
    const { user, api } = openReturns([aReturn({ state: 'received' })], { path: '/api/returns/7/refund', after: aReturn({ state: 'refunded' }) });
    const entry = within(await screen.findByTestId('admin-return'));
    await user.click(entry.getByRole('button', { name: 'Refund to card' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Refund $69.00 for return #7?' })).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(entry.getByLabelText('Amount ($)'));
    await fillIn(user, entry.getByLabelText('Amount ($)'), 'sixty');
    await user.click(entry.getByRole('button', { name: 'Refund to card' }));
    expect(entry.getByRole('alert')).toHaveTextContent('Amount must be a number');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sentTo('POST /api/returns/7/refund')).toHaveLength(0);
  });

  it('shows a settled return with its store credit and whether it was used: a gift card by its last four, an older coupon by its code', async () => {
    openReturns([aReturn({ state: 'credited', credit: { kind: 'gift-card', code: 'ABCD', amount: '69.00', used: true } })]);
    const entry = within(await screen.findByTestId('admin-return'));
    expect(entry.getByText('Return #7 · Store credit issued')).toBeInTheDocument();
    expect(entry.getByText(/Store credit \$69\.00/)).toHaveTextContent('Store credit $69.00: gift card ••••ABCD (used)');
    expect(entry.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a return credited with a coupon before gift cards by its code', async () => {
    openReturns([aReturn({ state: 'credited', credit: { kind: 'coupon', code: 'CREDIT-8H2K', amount: '69.00', used: false } })]);
    const entry = within(await screen.findByTestId('admin-return'));
    expect(entry.getByText(/Store credit \$69\.00/)).toHaveTextContent('Store credit $69.00: CREDIT-8H2K (not used yet)');
    expect(entry.queryByRole('button')).not.toBeInTheDocument();
  });
});
