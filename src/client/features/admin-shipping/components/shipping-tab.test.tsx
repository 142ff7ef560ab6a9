import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShippingProfileView } from '#common/schemas/shipping.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ShippingTab } from './shipping-tab.tsx';

// The Shipping tab: zones with their methods, the shared schema's checks beside each field on Save
// (brackets that overlap, a state code that is none), the server's refusal, and a delete that asks first.

const texas = ShippingProfileView.parse({
  timeZone: 'America/Chicago',
  zones: [
    {
      id: 4,
      name: 'Texas',
      usStates: ['TX'],
      caProvinces: [],
      methods: [
        {
          id: 7,
          zoneId: 4,
          name: 'Standard',
          kind: 'delivery',
          minBusinessDays: 3,
          maxBusinessDays: 5,
          cutoffTime: null,
          rate: { basis: 'flat', priceCents: 599, freeOverCents: 5000 },
          active: true,
          position: 0,
        },
      ],
    },
  ],
});

// the carrier API is off unless a test says otherwise (decision 057)
const carrierOff = { 'GET /api/admin/shipping/carrier': ok({ rates: false, webhook: false }), 'GET /api/admin/shipping/boxes': ok({ boxes: [] }) };

describe('the Shipping tab', () => {
  it('lists the zones and their methods, and adds a zone, refusing a code that is no state beside its field', async () => {
    const api = fakeApi({
      ...carrierOff,
      'GET /api/admin/shipping': ok(texas),
      'POST /api/admin/shipping/zones': fails(409, 'TX already belongs to the zone "Texas"'),
    });
    const { user } = renderInShop(<ShippingTab />);
    const methods = await screen.findByRole('list', { name: 'Methods of Texas' });
    expect(within(methods).getByRole('listitem')).toHaveTextContent('Standard $5.99, free over $50.00 · 3–5 business days');

    const zone = screen.getByRole('form', { name: 'New zone' });
    await fillIn(user, within(zone).getByLabelText('Zone name'), 'South');
    await fillIn(user, within(zone).getByLabelText('US states'), 'ok, xx');
    await user.click(within(zone).getByRole('button', { name: 'Add zone' }));
    expect(await within(zone).findByText('Choose US states (and DC) by their two-letter codes')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/shipping/zones')).toHaveLength(0);

    await user.clear(within(zone).getByLabelText('US states'));
    await fillIn(user, within(zone).getByLabelText('US states'), 'ok tx');
    await user.click(within(zone).getByRole('button', { name: 'Add zone' }));
    expect(await within(zone).findByRole('alert')).toHaveTextContent('TX already belongs to the zone "Texas"');
    expect(api.sentTo('POST /api/admin/shipping/zones')[0]?.body).toEqual({ name: 'South', usStates: ['OK', 'TX'], caProvinces: [] });
  });

  it('adds a method by weight brackets in dollars and grams, and says when the brackets overlap', async () => {
    const api = fakeApi({ ...carrierOff, 'GET /api/admin/shipping': ok(texas), 'POST /api/admin/shipping/zones/4/methods': ok(texas.zones[0]!.methods[0]) });
    const { user } = renderInShop(<ShippingTab />);
    await user.click(await screen.findByRole('button', { name: 'Add method' }));
    const form = screen.getByRole('form', { name: 'New method' });
    await fillIn(user, within(form).getByLabelText('Method name'), 'Ground');
    await user.selectOptions(within(form).getByLabelText('Rate'), 'By order weight');
    const brackets = within(form).getByRole('group', { name: /Brackets/ });
    await fillIn(user, within(brackets).getByLabelText('Up to (g)'), '1000');
    await fillIn(user, within(brackets).getByLabelText('Price ($)'), '7.95');
    await user.click(within(form).getByRole('button', { name: 'Add bracket' }));
    const from = within(brackets).getAllByLabelText('From (g)');
    await fillIn(user, from[1]!, '900');
    await fillIn(user, within(brackets).getAllByLabelText('Price ($)')[1]!, '14.95');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    expect(await within(form).findByText('Brackets overlap: each must start where the one before ends or later')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/shipping/zones/4/methods')).toHaveLength(0);

    await user.clear(from[1]!);
    await fillIn(user, from[1]!, '1000');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await findToast('Method saved');
    expect(api.sentTo('POST /api/admin/shipping/zones/4/methods')[0]?.body).toMatchObject({
      name: 'Ground',
      rate: {
        basis: 'weight',
        freeOverCents: null,
        brackets: [
          { from: 0, to: 1000, priceCents: 795 },
          { from: 1000, to: null, priceCents: 1495 },
        ],
      },
    });
  });

  it('asks before deleting a method, naming it', async () => {
    const api = fakeApi({ ...carrierOff, 'GET /api/admin/shipping': ok(texas), 'DELETE /api/admin/shipping/zones/4/methods/7': ok({ id: 7, deleted: true }) });
    const { user } = renderInShop(<ShippingTab />);
    const methods = await screen.findByRole('list', { name: 'Methods of Texas' });
    await user.click(within(methods).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this shipping method?' });
    expect(dialog).toHaveTextContent('“Standard” will be removed.');
    expect(api.sentTo('DELETE /api/admin/shipping/zones/4/methods/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sentTo('DELETE /api/admin/shipping/zones/4/methods/7')).toHaveLength(1));
  });
});

describe('the time zone and carrier-calculated methods (decision 057)', () => {
  it('saves the shop time zone chosen from the IANA zones', async () => {
    const api = fakeApi({ ...carrierOff, 'GET /api/admin/shipping': ok(texas), 'PUT /api/admin/shipping/settings': ok({ timeZone: 'America/Denver' }) });
    const { user } = renderInShop(<ShippingTab />);
    const form = await screen.findByRole('form', { name: 'Shop time zone' });
    expect(within(form).getByLabelText('Shop time zone')).toHaveValue(texas.timeZone);
    await user.selectOptions(within(form).getByLabelText('Shop time zone'), 'America/Denver');
    await user.click(within(form).getByRole('button', { name: 'Save time zone' }));
    await findToast('Time zone saved');
    expect(api.sentTo('PUT /api/admin/shipping/settings')[0]?.body).toEqual({ timeZone: 'America/Denver' });
  });

  it('offers carrier-calculated rates only with the carrier API, and sends carrier, service and handling', async () => {
    fakeApi({ ...carrierOff, 'GET /api/admin/shipping': ok(texas) });
    const off = renderInShop(<ShippingTab />);
    await off.user.click(await screen.findByRole('button', { name: 'Add method' }));
    const offForm = screen.getByRole('form', { name: 'New method' });
    expect(within(offForm).getByRole('option', { name: /Carrier-calculated \(live rate\): needs EASYPOST_API_KEY/ })).toBeDisabled();
    off.unmount();

    const api = fakeApi({
      'GET /api/admin/shipping/carrier': ok({ rates: true, webhook: true }),
      'GET /api/admin/shipping/boxes': ok({ boxes: [] }),
      'GET /api/admin/shipping': ok(texas),
      'POST /api/admin/shipping/zones/4/methods': ok(texas.zones[0]!.methods[0]),
    });
    const { user } = renderInShop(<ShippingTab />);
    await user.click(await screen.findByRole('button', { name: 'Add method' }));
    const form = screen.getByRole('form', { name: 'New method' });
    await fillIn(user, within(form).getByLabelText('Method name'), 'UPS Ground');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Carrier-calculated (live rate)' })).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Rate'), 'Carrier-calculated (live rate)');
    await user.selectOptions(within(form).getByLabelText('Carrier'), 'UPS');
    await user.selectOptions(within(form).getByLabelText('Service'), '2nd Day Air');
    await user.clear(within(form).getByLabelText('Handling ($)'));
    await fillIn(user, within(form).getByLabelText('Handling ($)'), '1.50');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await findToast('Method saved');
    expect(api.sentTo('POST /api/admin/shipping/zones/4/methods')[0]?.body).toMatchObject({
      name: 'UPS Ground',
      rate: { basis: 'carrier', carrier: 'ups', service: '2ndDayAir', handlingCents: 150, freeOverCents: null },
    });
  });

  it('lists the boxes in inches and ounces, adds one measured in inches as millimetres and grams, and shows a refusal', async () => {
    const mailer = { id: 3, name: 'Paddle mailer', lengthMm: 457, widthMm: 229, heightMm: 64, weightGrams: 170 };
    const api = fakeApi({
      ...carrierOff,
      'GET /api/admin/shipping': ok(texas),
      'GET /api/admin/shipping/boxes': ok({ boxes: [mailer] }),
      'POST /api/admin/shipping/boxes': ok({ ...mailer, id: 4, name: 'Cube' }),
    });
    const { user } = renderInShop(<ShippingTab />);
    const list = await screen.findByRole('list', { name: 'Boxes' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Paddle mailer · 18 × 9 × 2.5 in · 6 oz');
    const form = screen.getByRole('form', { name: 'New box' });
    await fillIn(user, within(form).getByLabelText('Box name'), 'Cube');
    await fillIn(user, within(form).getByLabelText('Length (in)'), '12');
    await fillIn(user, within(form).getByLabelText('Width (in)'), '12');
    await fillIn(user, within(form).getByLabelText('Height (in)'), '12.5');
    await user.clear(within(form).getByLabelText('Box weight (oz)'));
    await fillIn(user, within(form).getByLabelText('Box weight (oz)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Add box' }));
    await findToast('Box saved');
    expect(api.sentTo('POST /api/admin/shipping/boxes')[0]?.body).toEqual({ name: 'Cube', lengthMm: 305, widthMm: 305, heightMm: 318, weightGrams: 283 });

    api.route('POST /api/admin/shipping/boxes', fails(400, 'Length must be more than 0'));
    await fillIn(user, within(form).getByLabelText('Box name'), 'Flat');
    await user.click(within(form).getByRole('button', { name: 'Add box' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Length must be more than 0');
  });
});
