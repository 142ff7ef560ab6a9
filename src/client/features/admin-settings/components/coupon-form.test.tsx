import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { CouponForm } from './coupon-form.tsx';

// The owner's coupon form: the shared schema's checks beside the fields on Save, the server's
// refusal under the field it names, editing an existing coupon, and the engine's rules (decision 067).

// what the eligibility pickers read
const choices = {
  'GET /api/product-types': ok([
    { id: 3, slug: 'balls', name: 'Balls' },
    { id: 4, slug: 'paddles', name: 'Paddles' },
  ]),
  'GET /api/brands': ok([{ id: 7, name: 'Dinkwell', slug: 'dinkwell', description: null, imageUrl: null, isFeatured: false }]),
};

const summer = AdminCoupon.parse({
  id: 9,
  kind: 'code',
  code: 'SUMMER10',
  title: '',
  status: 'active',
  minSubtotal: null,
  minQuantity: 0,
  appliesTo: {},
  quantityBreaks: [],
  buyXGetY: null,
  perCustomerLimit: 0,
  combinesWithCodes: false,
  type: 'percentage',
  amount: '10.00',
  validFrom: '2026-06-01T00:00:00.000Z',
  validTo: '2026-08-31T00:00:00.000Z',
  usageLimit: 100,
  timesUsed: 3,
  isActive: true,
  createdAt: '2026-05-20T10:00:00.000Z',
});

describe('the coupon form', () => {
  it('creates a coupon and starts a fresh form', async () => {
    const api = fakeApi({ ...choices, 'POST /api/coupons': ok({ ...summer, id: 10, code: 'FALL5', type: 'fixed', amount: '5.00' }) });
    const onDone = vi.fn();
    const { user } = renderInShop(<CouponForm editing={null} onDone={onDone} />);

    await fillIn(user, screen.getByLabelText('Coupon code'), 'FALL5');
    await user.selectOptions(screen.getByLabelText('Discount type'), 'Fixed amount ($)');
    await user.clear(screen.getByLabelText('Amount ($)'));
    await fillIn(user, screen.getByLabelText('Amount ($)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await findToast('Coupon created')).toHaveTextContent('FALL5 is ready to use.');
    expect(api.sentTo('POST /api/coupons')[0]?.body).toMatchObject({ code: 'FALL5', type: 'fixed', amount: '5.00', isActive: true });
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
  });

  it('checks the code and a percentage over 100 beside their fields, and sends nothing', async () => {
    const api = fakeApi(choices);
    const { user } = renderInShop(<CouponForm editing={null} onDone={vi.fn()} />);

    await fillIn(user, screen.getByLabelText('Coupon code'), 'TEN OFF');
    await user.clear(screen.getByLabelText('Amount (%)'));
    await fillIn(user, screen.getByLabelText('Amount (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText('Coupon code may contain only letters, digits, dashes and underscores')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toBeInvalid();
    expect(screen.getByLabelText('Amount (%)')).toHaveAccessibleDescription('A percentage discount cannot exceed 100');
    expect(api.sentTo('POST /api/coupons')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names", async () => {
    fakeApi({
      ...choices,
      'POST /api/coupons': fails(409, 'Invalid coupon: code: A coupon with this code already exists', [
        { path: 'code', message: 'A coupon with this code already exists' },
      ]),
    });
    const { user } = renderInShop(<CouponForm editing={null} onDone={vi.fn()} />);

    await fillIn(user, screen.getByLabelText('Coupon code'), 'SUMMER10');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await findToast('Failed to create coupon')).toHaveTextContent('A coupon with this code already exists');
    expect(screen.getByLabelText('Coupon code')).toHaveAccessibleDescription('A coupon with this code already exists');
  });

  it('edits an existing coupon with its values filled in', async () => {
    const api = fakeApi({ ...choices, 'PATCH /api/coupons/9': ok({ ...summer, usageLimit: 50 }) });
    const onDone = vi.fn();
    const { user } = renderInShop(<CouponForm editing={summer} onDone={onDone} />);
    expect(screen.getByText('Edit Coupon: SUMMER10')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveValue('SUMMER10');
    expect(screen.getByLabelText('Amount (%)')).toHaveValue(10);

    await user.clear(screen.getByLabelText('Usage limit'));
    await fillIn(user, screen.getByLabelText('Usage limit'), '50');
    await user.click(screen.getByRole('button', { name: 'Update Coupon' }));

    expect(await findToast('Coupon updated')).toHaveTextContent('SUMMER10');
    expect(api.sentTo('PATCH /api/coupons/9')[0]?.body).toMatchObject({ code: 'SUMMER10', usageLimit: 50 });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('makes an automatic quantity break on a product type, with its tiers', async () => {
    const api = fakeApi({
      ...choices,
      'POST /api/coupons': ok({ ...summer, id: 11, kind: 'automatic', code: 'AUTO-1', title: 'Balls', quantityBreaks: [{ minQuantity: 12, percent: 10 }] }),
    });
    const { user } = renderInShop(<CouponForm editing={null} onDone={vi.fn()} />);

    await user.selectOptions(screen.getByLabelText('How it applies'), 'Automatically, without a code');
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Usage limit')).not.toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Title in the cart'), 'Balls');
    await user.selectOptions(screen.getByLabelText('Discount type'), 'Quantity breaks (% by units)');
    expect(screen.queryByLabelText('Amount (%)')).not.toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Tier 1: from units'), '12');
    await fillIn(user, screen.getByLabelText('Tier 1: % off'), '10');
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    await fillIn(user, screen.getByLabelText('Tier 2: from units'), '36');
    await fillIn(user, screen.getByLabelText('Tier 2: % off'), '15');
    await user.click(await screen.findByRole('checkbox', { name: 'Balls' }));
    await user.click(screen.getByRole('checkbox', { name: 'Also applies with a code' }));
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await findToast('Coupon created')).toBeInTheDocument();
    const body = api.sentTo('POST /api/coupons')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'automatic',
      title: 'Balls',
      type: 'percentage',
      quantityBreaks: [
        { minQuantity: 12, percent: 10 },
        { minQuantity: 36, percent: 15 },
      ],
      buyXGetY: null,
      appliesTo: { productTypeIds: [3] },
      usageLimit: 0,
      perCustomerLimit: 0,
      combinesWithCodes: true,
    });
    expect(body).not.toHaveProperty('code');
  });

  it('says beside a tier what is wrong with it, and sends nothing', async () => {
    const api = fakeApi(choices);
    const { user } = renderInShop(<CouponForm editing={null} onDone={vi.fn()} />);
    await fillIn(user, screen.getByLabelText('Coupon code'), 'BULK');
    await user.selectOptions(screen.getByLabelText('Discount type'), 'Quantity breaks (% by units)');
    await fillIn(user, screen.getByLabelText('Tier 1: % off'), '150');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText('Break quantity must be a whole number')).toBeInTheDocument();
    expect(screen.getByLabelText('Tier 1: % off')).toHaveAccessibleDescription('Break percent cannot exceed 100');
    expect(api.sentTo('POST /api/coupons')).toHaveLength(0);
  });

  it('edits a buy X get Y code with its products named, and a per-customer limit', async () => {
    const pair = AdminCoupon.parse({
      ...summer,
      id: 12,
      code: 'COVERUP',
      amount: '0.00',
      perCustomerLimit: 1,
      buyXGetY: { buyQuantity: 1, buy: { productTypeIds: [4] }, getQuantity: 1, get: { productIds: [21] }, percent: 50 },
      scopeNames: { 'type:4': 'Paddles', 'product:21': 'Neoprene Paddle Cover' },
    });
    const api = fakeApi({ ...choices, 'PATCH /api/coupons/12': ok(pair) });
    const { user } = renderInShop(<CouponForm editing={pair} onDone={vi.fn()} />);

    expect(screen.getByLabelText('Discount type')).toHaveValue('buy_x_get_y');
    expect(screen.getByLabelText('Get at % off')).toHaveValue(50);
    expect(screen.getByLabelText('Uses per customer')).toHaveValue(1);
    expect(screen.getByRole('list', { name: 'Get: chosen products' })).toHaveTextContent('Neoprene Paddle Cover');
    expect(await within(screen.getByRole('group', { name: 'Buy' })).findByRole('checkbox', { name: 'Paddles' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Get' })).getByRole('checkbox', { name: 'Paddles' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove Neoprene Paddle Cover' }));
    await user.click(screen.getByRole('button', { name: 'Update Coupon' }));

    expect(await findToast('Coupon updated')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/coupons/12')[0]?.body).toMatchObject({
      code: 'COVERUP',
      type: 'percentage',
      quantityBreaks: [],
      buyXGetY: { buyQuantity: 1, buy: { productTypeIds: [4] }, getQuantity: 1, get: {}, percent: 50 },
      perCustomerLimit: 1,
    });
  });
});
