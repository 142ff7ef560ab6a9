import path from 'node:path';
import { expect, request as playwrightRequest, test, type Locator, type Page } from './support/test.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { adminApi, pngUpload, registerShopper, runId } from './support/admin.ts';
import {
  DECLINED_CARD,
  continueToPayment,
  expectToast,
  fillAddress,
  fillCustomer,
  openCartWith,
  openCheckoutWith,
  payWithCard,
  stockedProducts,
  toastWith,
} from './support/checkout.ts';
import { SCREENSHOT_DIR, screenshotPage } from './support/screenshots.ts';

// What shoppers and owners trip over: the way back after signing in, failed reads that are not
// "not found", a declined card, toasts over the primary action, the way on from "Added to Cart",
// and the owner's hero on the home page.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The visible screen only: a toast lives 5-6 s, too short for the full-page screenshots at both widths. */
const screenshotScreen = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${page.viewportSize()!.width}.png`) });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A shopper with an account who is not signed in in the page's browser. */
async function shopperAccount(baseURL: string): Promise<{ username: string; password: string }> {
  const username = `back${runId()}`;
  const password = 'return-to-court-2025';
  const api = await playwrightRequest.newContext({ baseURL });
  await registerShopper(api, { username, password, email: `${username}@example.com` });
  await api.dispose();
  return { username, password };
}

async function signInOnPage(page: Page, shopper: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(shopper.username);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('sign-in keeps the way back', () => {
  test('Login from the cart returns to the cart (desktop)', async ({ page, request, baseURL }) => {
    await page.setViewportSize(DESKTOP);
    const shopper = await shopperAccount(baseURL!);
    const [product] = await stockedProducts(request, 1);
    await openCartWith(page, [{ product: product!, quantity: 1 }]);

    await nav(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcart$/);
    await screenshotPage(page, 'auth-return-to');
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: product!.name })).toBeVisible();
  });

  test('sent from /profile to /auth, signing in lands on /profile (phone)', async ({ page, baseURL }) => {
    await page.setViewportSize(PHONE);
    const shopper = await shopperAccount(baseURL!);
    await page.goto('/shop?search=paddle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // the phone menu's Login also remembers the page, query included
    await expect(page.getByRole('link', { name: 'Login/Register' })).toHaveAttribute('href', '/auth?returnTo=%2Fshop%3Fsearch%3Dpaddle');

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fprofile$/);
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  test('a returnTo that leaves the site goes to / instead', async ({ page, baseURL }) => {
    const shopper = await shopperAccount(baseURL!);
    const home = `${new URL(baseURL!).origin}/`;
    await page.goto(`/auth?returnTo=${encodeURIComponent('//evil.com')}`);
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL(home);

    // signed in now: /auth sends on at once, and only to this site
    // the last three become "//evil.example..." once their dot segments are resolved
    const offSite = ['//evil.com/cart', 'https://evil.com/', '/\\evil.com', '/\\/evil.com', '/\t/evil.com', 'javascript:alert(1)'];
    for (const returnTo of [...offSite, '/.//evil.example', '/..//evil.example/x', '/a/..//evil.example']) {
      await page.goto(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page, returnTo).toHaveURL(home);
      // the home page itself, not a blank one
      await expect(page.getByRole('heading', { level: 1 }), returnTo).toBeVisible();
    }
    await page.goto(`/auth?returnTo=${encodeURIComponent('/policies')}`);
    await expect(page).toHaveURL(/\/policies$/);
  });
});

/**
 * Opens a storefront page as a shopper following a link inside the app: a page loaded from the server
 * carries its data (docs/decisions/021), so a read the test fails must be made by the browser.
 */
async function visitInApp(page: Page, address: string): Promise<void> {
  await page.goto('/order-lookup');
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

test.describe('a failed read is not "not found"', () => {
  test('product page: 500 says the shop failed and Try again loads it; network loss says so; 404 is Product Not Found', async ({ page, request }) => {
    const [product] = await stockedProducts(request, 1);
    const productApi = `**/api/products/${product!.id}`;
    await page.route(productApi, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
    await visitInApp(page, `/products/${product!.id}`);
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { level: 1, name: "We couldn't load this product" })).toBeVisible();
    await expect(failure).toContainText('Something went wrong on our side. Please try again in a moment.');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toHaveCount(0);
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await screenshotPage(page, 'product-load-error');

    await page.unroute(productApi);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();

    await page.route(productApi, (route) => route.abort('internetdisconnected'));
    await visitInApp(page, `/products/${product!.id}`);
    await expect(page.getByRole('alert')).toContainText("We couldn't reach the shop. Check your internet connection, then try again.");
    await page.unroute(productApi);

    await page.route(productApi, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Product not found"}' }));
    await visitInApp(page, `/products/${product!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });

  test('shop: a 500 on the product list reads in plain words and Try again refetches', async ({ page }) => {
    let failing = true;
    await page.route(
      // the shop page reads its listing from /api/catalog
      (url) => url.pathname === '/api/catalog',
      (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }) : route.fallback()),
    );
    await visitInApp(page, '/shop');
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { name: "We couldn't load the products" })).toBeVisible();
    await expect(failure).toContainText('Something went wrong on our side.');
    await expect(page.getByText('Network response was not ok')).toHaveCount(0);
    await screenshotPage(page, 'shop-load-error');

    failing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

/** Fills /checkout and pays with the simulator's decline card. */
async function declineCard(page: Page, request: Parameters<typeof stockedProducts>[0]): Promise<void> {
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await fillCustomer(page, { name: 'Dee Clined', email: 'dee@example.com' });
  await continueToPayment(page).click();
  await payWithCard(page, DECLINED_CARD);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The two boxes never meet while the toast shows: where the page leaves the button after the decline
 * (sampled while its smooth scroll settles), and with the button scrolled to the middle and to the
 * bottom edge of the screen, where a shopper scrolling down to it meets it (and where toasts used to sit).
 */
async function expectApart(toast: Locator, action: Locator): Promise<void> {
  for (const position of ['as left', 'center', 'end'] as const) {
    if (position !== 'as left') await action.evaluate((element, block) => element.scrollIntoView({ block }), position);
    for (let sample = 0; sample < 3; sample += 1) {
      const [toastBox, actionBox] = await Promise.all([toast.boundingBox(), action.boundingBox()]);
      expect(toastBox, 'the toast is on screen').not.toBeNull();
      expect(actionBox, 'the primary action is on screen').not.toBeNull();
      expect(overlaps(toastBox!, actionBox!), `${position}: toast ${JSON.stringify(toastBox)} over Pay Now ${JSON.stringify(actionBox)}`).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`declined card at ${viewport.width} px: the reason beside the card form until the card is edited; the toast clear of Pay Now`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await declineCard(page, request);

    const form = page.getByRole('form', { name: 'Card payment' });
    const notice = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(form.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    const toast = toastWith(page, 'Payment failed');
    await expect(toast).toBeVisible();
    await expectApart(toast, form.getByRole('button', { name: 'Pay Now' }));
    await screenshotScreen(page, 'checkout-decline-notice');

    // the notice is about the card just tried: it goes once the shopper changes the card
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect(notice).toHaveCount(0);
    await expect(form.getByLabel('Card number')).toBeFocused();
  });
}

test('Added to Cart opens the drawer with View cart and Check out', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/shop');
  await page.getByRole('article').getByRole('button', { name: 'Add to Cart' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Added to Cart' });
  await expect(drawer.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  await expect(drawer.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
  await screenshotScreen(page, 'added-to-cart-drawer');

  await drawer.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(drawer).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await page.goto('/shop');
  await page
    .getByRole('article')
    .getByRole('button', { name: /^Add$|in cart/ })
    .first()
    .click();
  await expect(drawer.getByRole('link', { name: 'View cart' })).toBeVisible();
  await screenshotScreen(page, 'added-to-cart-drawer');
  await drawer.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
});

test('home: the hero title, description and image the owner sets show above the featured carousel', async ({ page, baseURL }) => {
  const original = (await (await page.request.get('/api/site-settings')).json()) as SiteSettings;
  const id = runId();
  const heroTitle = `Own the kitchen line ${id}`;
  const heroDescription = `New paddles every week ${id}`;
  const api = await adminApi(baseURL!);
  try {
    const saved = await api.post('/api/site-settings', { multipart: { heroTitle, heroDescription, heroImage: await pngUpload('hero.png', '#1d4ed8') } });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { heroImageUrl } = (await saved.json()) as SiteSettings;

    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured products' });
    await expect(carousel).toBeVisible();
    const hero = page.getByRole('region', { name: 'Welcome' });
    await expect(hero.getByRole('heading', { name: heroTitle })).toBeVisible();
    await expect(hero.getByText(heroDescription)).toBeVisible();
    const image = hero.locator(`img[src="${heroImageUrl}"]`);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // sized, and not competing with the carousel's preloaded first image
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('loading', 'lazy');
    expect((await hero.boundingBox())!.y).toBeLessThan((await carousel.boundingBox())!.y);
    await screenshotPage(page, 'home-owner-hero');
  } finally {
    const restore = Object.fromEntries((['heroTitle', 'heroDescription'] as const).filter((key) => original[key]).map((key) => [key, original[key]!]));
    if (Object.keys(restore).length > 0) await api.post('/api/site-settings', { multipart: restore });
    await api.dispose();
  }
});
