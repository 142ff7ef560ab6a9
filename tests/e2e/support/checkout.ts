import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Product } from '#common/schemas/catalog.ts';
import { E2E_ADMIN } from '../../../playwright.config.ts';
import { CART_KEY, getProducts, soldAsOne, storedCart } from './shop-data.ts';

// Checkout journeys: the cart in the browser, /checkout's form, coupons through the admin API, paying.

export const TEST_ADDRESS = { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' } as const;
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Products sold as one variant with plenty of stock (orders placed by earlier tests take some), cheapest last so totals are varied. */
export async function stockedProducts(request: APIRequestContext, count: number, minStock = 20): Promise<Product[]> {
  const products = (await getProducts(request)).filter((product) => soldAsOne(product) && product.stock >= minStock && Number(product.price) > 5);
  if (products.length < count) throw new Error(`the demo catalogue has fewer than ${count} products with stock >= ${minStock}`);
  return products.slice(0, count);
}

/**
 * The cart re-reads its lines when it opens; this answers that re-read with `products` as given, as if
 * the shop changed them only after the page had read them (the server then prices the order itself).
 */
export async function changeAfterCartReread(page: Page, products: Product[]): Promise<void> {
  await page.route(/\/api\/products\?ids=/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(products) }));
}

async function putInCart(page: Page, items: Array<{ product: Product; quantity: number }>): Promise<void> {
  await page.goto('/policies');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, storedCart(items)] as const);
}

/** Puts items in the cart the way the cart store keeps them, then opens /cart. */
export async function openCartWith(page: Page, items: Array<{ product: Product; quantity: number }>): Promise<void> {
  await putInCart(page, items);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Cart Items' })).toBeVisible();
}

/** Puts items in the cart, then opens /checkout (its form, once the browser has drawn it from the cart). */
export async function openCheckoutWith(page: Page, items: Array<{ product: Product; quantity: number }>): Promise<void> {
  await putInCart(page, items);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
}

/** The checkout's button that checks the form and makes the payment (the spec's Proceed to Checkout step). */
export function continueToPayment(page: Page): Locator {
  return page.getByRole('button', { name: 'Continue to Payment' });
}

export async function fillAddress(page: Page, address: { street: string; city: string; state: string; zip: string } = TEST_ADDRESS): Promise<void> {
  await page.getByLabel('Street address').fill(address.street);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption(address.state);
  await page.getByLabel('ZIP code').fill(address.zip);
}

export async function fillCustomer(page: Page, customer: { name: string; email: string; phone?: string }): Promise<void> {
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  if (customer.phone !== undefined) await page.getByLabel('Phone (optional)').fill(customer.phone);
}

/** The toast now showing (the shop shows one at a time) with this title. */
export function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .filter({ hasText: title });
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (typeof description === 'string') await expect(toast.getByText(description, { exact: true })).toBeVisible();
  else if (description) await expect(toast.getByText(description)).toBeVisible();
}

/** The Order Summary's figure for a row ("Subtotal", /^Total$/, /^Tax/ ...). */
export function summaryValue(page: Page, label: string | RegExp): Locator {
  return page
    .getByLabel('Order totals')
    .locator('div:has(> dt)')
    .filter({ has: page.locator('dt').filter({ hasText: label }) })
    .locator('dd');
}

let couponCounter = 0;

/** Creates a coupon as the e2e admin (POST /api/coupons) and returns its code. */
export async function createCoupon(baseURL: string, coupon: { type: 'percentage' | 'fixed'; amount: string; usageLimit?: number }): Promise<string> {
  couponCounter += 1;
  const code = `E2E${coupon.type === 'percentage' ? 'PCT' : 'FIX'}${Date.now().toString(36).toUpperCase()}${couponCounter}`;
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  try {
    const login = await admin.post('/api/login', { data: E2E_ADMIN });
    expect(login.ok(), `admin login: ${login.status()}`).toBe(true);
    const day = 24 * 60 * 60 * 1000;
    const created = await admin.post('/api/coupons', {
      data: {
        code,
        type: coupon.type,
        amount: coupon.amount,
        usageLimit: coupon.usageLimit ?? 0,
        isActive: true,
        validFrom: new Date(Date.now() - day).toISOString(),
        validTo: new Date(Date.now() + 30 * day).toISOString(),
      },
    });
    expect(created.ok(), `create coupon: ${created.status()} ${await created.text()}`).toBe(true);
    return code;
  } finally {
    await admin.dispose();
  }
}

export async function payWithCard(page: Page, number: string, expiry = '12/34', cvc = '123'): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill(expiry);
  await form.getByLabel('CVC').fill(cvc);
  await form.getByRole('button', { name: 'Pay Now' }).click();
}

export async function storedCartItems(page: Page): Promise<unknown[]> {
  return page.evaluate((key) => {
    const text = localStorage.getItem(key);
    if (!text) return [];
    const parsed = JSON.parse(text) as { state?: { items?: unknown[] } };
    return parsed.state?.items ?? [];
  }, CART_KEY);
}
