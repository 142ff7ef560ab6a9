import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { OrderFulfilmentView, ShipmentView } from '#common/schemas/shipments.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { orderView } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { OrderFulfilmentCard } from './order-fulfilment-card.tsx';

// The Fulfil action (decision 050): the dialog starts with everything left, ships the chosen lines and
// quantities with carrier and tracking, shows the server's refusal; pickup orders are made ready instead.

const twoLines = orderView({
  items: [
    { ...orderView().items[0]!, id: 1, productName: 'Court Pro Paddle', quantity: 2 },
    { ...orderView().items[0]!, id: 2, productName: 'Outdoor Balls', sku: 'OB-6', quantity: 3 },
  ],
});

const shipment = (overrides: Partial<ShipmentView> = {}): ShipmentView => ({
  id: 7,
  method: 'carrier',
  carrier: 'usps',
  trackingNumber: '9400 1',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201',
  status: 'shipped',
  shippedAt: '2026-11-28T10:00:00.000Z',
  deliveredAt: null,
  lines: [{ itemId: 1, productName: 'Court Pro Paddle', variantName: null, sku: 'CPP-1', quantity: 2 }],
  ...overrides,
});

const detailOf = (order: OrderView, fulfilment: OrderFulfilmentView) =>
  AdminOrderDetail.parse({ order, refunds: [], timeline: [], refundableCents: 0, fulfilment });

function openCard(order: OrderView, fulfilment: OrderFulfilmentView, routes: Parameters<typeof fakeApi>[0] = {}) {
  // the carrier API is off unless a test says otherwise (decision 057)
  const api = fakeApi({ 'GET /api/admin/shipping/carrier': ok({ rates: false, webhook: false }), ...routes });
  const view = renderInShop(<OrderFulfilmentCard order={order} fulfilment={fulfilment} />, { path: `/admin/orders/${order.id}` });
  return { ...view, api, card: within(screen.getByTestId('order-fulfilment')) };
}

describe('the Fulfil dialog', () => {
  it('starts with everything left and ships the lines and quantities chosen, with carrier and tracking', async () => {
    const after = detailOf(twoLines, {
      pickup: false,
      shipments: [shipment({ lines: [{ itemId: 2, productName: 'Outdoor Balls', variantName: null, sku: 'OB-6', quantity: 2 }] })],
    });
    const { user, api, card } = openCard(twoLines, { pickup: false, shipments: [] }, { 'POST /api/orders/31/shipments': ok(after) });
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Fulfil order #PB-7K3Q9D' }));
    expect(dialog.getByRole('checkbox', { name: 'Court Pro Paddle' })).toBeChecked();
    expect(dialog.getByLabelText('Quantity of Court Pro Paddle')).toHaveValue(2);
    expect(dialog.getByLabelText('Quantity of Outdoor Balls')).toHaveValue(3);
    expect(dialog.getByRole('button', { name: 'Ship 5 items' })).toBeEnabled();

    await user.click(dialog.getByRole('checkbox', { name: 'Court Pro Paddle' }));
    await user.clear(dialog.getByLabelText('Quantity of Outdoor Balls'));
    await user.type(dialog.getByLabelText('Quantity of Outdoor Balls'), '2');
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'UPS');
    await fillIn(user, dialog.getByLabelText('Tracking number (optional)'), ' 1Z999 ');
    await user.click(dialog.getByRole('button', { name: 'Ship 2 items' }));

    expect(await findToast('Items shipped')).toHaveTextContent('Order #PB-7K3Q9D is partially shipped.');
    expect(api.sentTo('POST /api/orders/31/shipments').map((request) => request.body)).toEqual([
      { lines: [{ itemId: 2, quantity: 2 }], carrier: 'ups', trackingNumber: '1Z999' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot ship nothing, and shows the server’s refusal', async () => {
    const { user, card } = openCard(
      twoLines,
      { pickup: false, shipments: [] },
      {
        'POST /api/orders/31/shipments': fails(409, 'Only 1 of Court Pro Paddle is left to ship on order #PB-7K3Q9D, not 2. Reload to see it.'),
      },
    );
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('checkbox', { name: 'Court Pro Paddle' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Outdoor Balls' }));
    expect(dialog.getByRole('button', { name: 'Ship 0 items' })).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: 'Court Pro Paddle' }));
    await user.click(dialog.getByRole('button', { name: 'Ship 2 items' }));
    // the open dialog hides the toast region from the accessibility tree, not from view
    expect(await screen.findByText('Only 1 of Court Pro Paddle is left to ship on order #PB-7K3Q9D, not 2. Reload to see it.')).toBeInTheDocument();
    expect(screen.getByText('Failed to ship the items')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers only what is left, says the order is partially shipped, and marks a parcel delivered', async () => {
    const fulfilment: OrderFulfilmentView = { pickup: false, shipments: [shipment()] };
    const { user, api, card } = openCard(twoLines, fulfilment, {
      'POST /api/orders/31/shipments/7/delivered': ok(
        detailOf(twoLines, { pickup: false, shipments: [shipment({ status: 'delivered', deliveredAt: '2026-11-29T10:00:00.000Z' })] }),
      ),
    });
    expect(card.getByRole('status')).toHaveTextContent('Partially shipped: 3 left to ship.');
    const parcel = within(card.getByRole('listitem', { name: 'Shipment 1' }));
    expect(parcel.getByRole('link', { name: '9400 1' })).toHaveAttribute('href', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201');
    expect(parcel.getByText('2 × Court Pro Paddle')).toBeInTheDocument();
    await user.click(parcel.getByRole('button', { name: 'Mark delivered' }));
    expect(api.sentTo('POST /api/orders/31/shipments/7/delivered')).toHaveLength(1);

    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByText('Court Pro Paddle')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Ship 3 items' })).toBeEnabled();
  });

  it('offers Ready for pickup instead of Fulfil for a local pickup order, then Picked up', async () => {
    const ready: OrderFulfilmentView = { pickup: true, shipments: [shipment({ method: 'pickup', carrier: null, trackingNumber: null, trackingUrl: null })] };
    const { user, api, card, unmount } = openCard(
      orderView(),
      { pickup: true, shipments: [] },
      {
        'POST /api/orders/31/shipments/pickup': ok(detailOf(orderView({ status: 'shipped' }), ready)),
      },
    );
    expect(card.queryByRole('button', { name: 'Fulfil' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Ready for pickup' }));
    expect(await findToast('Ready for pickup')).toHaveTextContent('The customer of order #PB-7K3Q9D was e-mailed.');
    expect(api.sentTo('POST /api/orders/31/shipments/pickup')).toHaveLength(1);
    unmount();

    const { card: readyCard } = openCard(orderView({ status: 'shipped' }), ready);
    expect(within(readyCard.getByRole('listitem', { name: 'Local pickup' })).getByRole('button', { name: 'Picked up' })).toBeInTheDocument();
  });
});

describe('buying a label in the Fulfil dialog (decision 057)', () => {
  it('rates the chosen lines, starts with the cheapest and buys the chosen rate, shipping those lines', async () => {
    const after = detailOf(twoLines, { pickup: false, shipments: [shipment({ labelUrl: 'https://labels.example/l.pdf' })] });
    const rates = {
      shipmentId: 'shp_1',
      weightOz: 40,
      boxId: 5,
      boxes: [
        { id: 5, name: 'Paddle mailer', lengthMm: 457, widthMm: 229, heightMm: 64 },
        { id: 6, name: 'Net carton', lengthMm: 1016, widthMm: 406, heightMm: 305 },
      ],
      rates: [
        { id: 'rate_cheap', carrier: 'usps', service: 'GroundAdvantage', priceCents: 745, deliveryDays: 5 },
        { id: 'rate_fast', carrier: 'ups', service: 'NextDayAir', priceCents: 3750, deliveryDays: 1 },
      ],
    };
    const { user, api, card } = openCard(
      twoLines,
      { pickup: false, shipments: [] },
      {
        'GET /api/admin/shipping/carrier': ok({ rates: true, webhook: true }),
        'POST /api/orders/31/shipments/label-rates': ok(rates),
        'POST /api/orders/31/shipments/label': ok(after),
      },
    );
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Fulfil order #PB-7K3Q9D' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Outdoor Balls' }));
    await user.click(dialog.getByRole('button', { name: 'Get label rates' }));
    expect(await dialog.findByRole('radio', { name: /USPS GroundAdvantage, 5 days/ })).toBeChecked();
    // the smallest box that fits is rated first (decision 069); another box is rated again
    expect(dialog.getByLabelText('Box')).toHaveDisplayValue('Paddle mailer (18 × 9 × 2.5 in)');
    await user.selectOptions(dialog.getByLabelText('Box'), 'Net carton (40 × 16 × 12 in)');
    await waitFor(() => expect(api.sentTo('POST /api/orders/31/shipments/label-rates')).toHaveLength(2));
    await user.click(await dialog.findByRole('radio', { name: /UPS NextDayAir/ }));
    await user.click(dialog.getByRole('button', { name: 'Buy label ($37.50)' }));

    expect(await findToast('Label bought')).toHaveTextContent('Order #PB-7K3Q9D is partially shipped.');
    expect(api.sentTo('POST /api/orders/31/shipments/label-rates').map((request) => request.body)).toEqual([
      { lines: [{ itemId: 1, quantity: 2 }] },
      { lines: [{ itemId: 1, quantity: 2 }], boxId: 6 },
    ]);
    expect(api.sentTo('POST /api/orders/31/shipments/label').map((request) => request.body)).toEqual([
      { lines: [{ itemId: 1, quantity: 2 }], shipmentId: 'shp_1', rateId: 'rate_fast' },
    ]);
  });

  it("links a bought label as the shop's download for staff, not the carrier's address (decision 069)", () => {
    const bought = shipment({ labelUrl: 'https://labels.example/l.pdf' });
    const { card } = openCard(twoLines, { pickup: false, shipments: [bought] });
    const label = card.getByRole('link', { name: 'Download label (PDF)' });
    expect(label).toHaveAttribute('href', `/api/orders/31/shipments/${bought.id}/label`);
    expect(label).toHaveAttribute('download');
  });

  it('says why labels are off without the carrier API', async () => {
    const { user, card } = openCard(twoLines, { pickup: false, shipments: [] });
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Fulfil order #PB-7K3Q9D' }));
    expect(await dialog.findByText('Labels need the carrier API: EASYPOST_API_KEY is not set on the server.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Get label rates' })).toBeDisabled();
  });
});
