import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { screenshotPage } from './screenshots.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { E2E_ADMIN, E2E_ORIGIN } from '../../../playwright.config.ts';

// Admin journeys: signing in as the e2e admin, images drawn at test time, orders placed through the API.

/** Where the e2e server on this base URL keeps its uploads (playwright.config.ts: DATA_DIR per port). */
function e2eUploadsDir(baseURL: string): string {
  return path.resolve(`test-results/e2e-data-${new URL(baseURL).port}`, 'uploads');
}

/** The run's unique suffix, so names never clash with earlier runs against a kept database. */
export const runId = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * Login and registration are rate-limited per IP (10 a minute) and the whole suite comes from
 * 127.0.0.1, so a 429 waits for the window to pass and tries again.
 */
async function postPastRateLimit(request: APIRequestContext, url: string, data: object): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    // a context already signed in sends its cookie, and then must name our origin
    const response = await request.post(url, { data, headers: { origin: E2E_ORIGIN } });
    if (response.ok()) return;
    if (response.status() !== 429) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
    const wait = Number(response.headers()['retry-after'] ?? 20);
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 61) * 1000));
  }
  throw new Error(`POST ${url}: still rate-limited`);
}

/** POST /api/login with this request context (the admin unless told otherwise). */
function logIn(request: APIRequestContext, credentials: { username: string; password: string } = E2E_ADMIN): Promise<void> {
  return postPastRateLimit(request, '/api/login', credentials);
}

/** POST /api/register: a new shopper, signed in on this request context. */
export function registerShopper(request: APIRequestContext, shopper: { username: string; password: string; email: string }): Promise<void> {
  return postPastRateLimit(request, '/api/register', shopper);
}

/** The page's browser context gets the admin's session cookie. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await logIn(page.request);
}

/** A separate API client signed in as the admin, for setting up data. Dispose it when done. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  // state-changing calls carrying the session cookie must name our origin
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  await logIn(api);
  return api;
}

/** Opens /admin on a tab and waits for the dashboard. */
export async function openAdminTab(page: Page, tab: string): Promise<void> {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
}

/** A PNG drawn now (no fixture files): a coloured square with a lighter disc. */
async function drawPng(color: string, size = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${color}"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fde047"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function pngUpload(name: string, color: string) {
  return { name, mimeType: 'image/png', buffer: await drawPng(color) };
}

/** Writes an upload file straight into the server's folder: a file whose record lost its pointer. */
export async function writeOrphanUpload(baseURL: string, fileName: string, color: string): Promise<void> {
  const dir = e2eUploadsDir(baseURL);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, fileName),
    await sharp(await drawPng(color))
      .webp()
      .toBuffer(),
  );
}

/** Creates a product through the admin API (multipart), without an image unless one is given. */
export async function createProductViaApi(api: APIRequestContext, fields: { name: string; price: string; brandId: number; stock?: number }): Promise<Product> {
  const response = await api.post('/api/products', {
    multipart: { name: fields.name, price: fields.price, brandId: String(fields.brandId), stock: String(fields.stock ?? 10), isFeatured: 'false' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

export const E2E_CUSTOMER_ADDRESS = { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

interface PaidOrder {
  productId: number;
  customerName: string;
  customerEmail: string;
}

/** A paid order from an anonymous shopper: POST /api/create-payment-intent, then the simulator's confirm with the 4242 test card. */
export async function placePaidOrder(baseURL: string, order: PaidOrder): Promise<number> {
  const shopper = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  try {
    return await placePaidOrderAs(shopper, order);
  } finally {
    await shopper.dispose();
  }
}

/** The same paid order placed with this request context, so a signed-in shopper finds it in their profile. */
export async function placePaidOrderAs(shopper: APIRequestContext, order: PaidOrder): Promise<number> {
  const headers = { origin: E2E_ORIGIN };
  // a product sold in several variants is bought as one of them: the first with stock
  const detail = (await (await shopper.get(`/api/products/${order.productId}`)).json()) as { variants: { id: number; stock: number }[] };
  const variantId = detail.variants.length > 1 ? detail.variants.find((variant) => variant.stock > 0)?.id : undefined;
  const created = await shopper.post('/api/create-payment-intent', {
    headers,
    data: {
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      phone: '512-555-0100',
      shippingAddress: E2E_CUSTOMER_ADDRESS,
      items: [{ productId: order.productId, variantId, quantity: 1 }],
    },
  });
  expect(created.ok(), `create-payment-intent: ${created.status()} ${await created.text()}`).toBe(true);
  const { paymentIntentId, orderId } = (await created.json()) as { paymentIntentId: string; orderId: number };
  const confirmed = await shopper.post('/api/payments/simulated/confirm', {
    headers,
    data: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(confirmed.ok(), `simulated confirm: ${confirmed.status()} ${await confirmed.text()}`).toBe(true);
  expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
  return orderId;
}

/** The toast region's entry with this title (one toast shows at a time). */
function toastTitled(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = toastTitled(page, title);
  await expect(toast).toBeVisible();
  if (typeof description === 'string') await expect(toast.getByText(description, { exact: true })).toBeVisible();
  else if (description) await expect(toast.getByText(description)).toBeVisible();
}

/** Elements reaching past the right edge (absolutely placed ones escape their scroll box): what widens the page. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .sort((one, other) => other.getBoundingClientRect().right - one.getBoundingClientRect().right)
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').slice(0, 60)}"> ${element.textContent?.slice(0, 40) ?? ''}`,
      );
  });
}

/** Screenshots at 390 and 1280 px (support/screenshots.ts), checking first that nothing widens the page. */
export async function screenshotAdminPage(page: Page, name: string): Promise<void> {
  await screenshotPage(page, name, async (width) => {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} fits in ${width} px` }).toBeLessThanOrEqual(width);
  }).catch(async (error: Error) => {
    throw new Error(`${error.message}\nwidest: ${(await overflowingElements(page)).join('\n')}`);
  });
}
