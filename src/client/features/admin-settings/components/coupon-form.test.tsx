import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { CouponForm } from './coupon-form.tsx';

// The owner's coupon form: the shared schema's checks beside the fields on Save, the server's
// refusal under the field it names, and editing an existing coupon.

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
    const api = fakeApi({ 'POST /api/coupons': ok({ ...summer, id: 10, code: 'FALL5', type: 'fixed', amount: '5.00' }) });
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
    const api = fakeApi({});
    const { user } = renderInShop(<CouponForm editing={null} onDone={vi.fn()} />);

    await fillIn(user, screen.getByLabelText('Coupon code'), 'TEN OFF');
    await user.clear(screen.getByLabelText('Amount (%)'));
    await fillIn(user, screen.getByLabelText('Amount (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText('Coupon code may contain only letters, digits, dashes and underscores')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toBeInvalid();
    expect(screen.getByLabelText('Amount (%)')).toHaveAccessibleDescription('A percentage discount cannot exceed 100');
    expect(api.sent).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names", async () => {
    fakeApi({
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
    const api = fakeApi({ 'PATCH /api/coupons/9': ok({ ...summer, usageLimit: 50 }) });
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
});
