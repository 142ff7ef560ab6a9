import { expect, test, type Page } from './support/test.ts';
import { formatCents, formatPrice } from '#common/money.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';
import { CART_KEY, findProduct, storedCart } from './support/shop-data.ts';

// Product card and cart page, cart transitions, add-to-cart refusals.

const cardOf = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cartBadge = (page: Page) => page.getByTestId('cart-badge');

/** The cart drawer "Add to Cart" opens (decision 041). */
const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Added to Cart' });

test('add from a card: the drawer, badge, "{n} in cart", merge, and the cart survives a reload', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.stock >= 5, 'product with 5 or more in stock');
  await page.goto('/shop');
  await expect(cartBadge(page)).toHaveCount(0);
  const card = cardOf(page, product.name);
  await card.getByRole('button', { name: 'Add to Cart' }).click();

  const drawer = drawerOf(page);
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(`${product.name} has been added to your cart`);
  await expect(drawer).toContainText('Quantity in cart: 1');
  await expect(cartBadge(page)).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  // focus is back on the card's button, now counting what is in the cart
  await expect(card.getByRole('button', { name: '1 in cart' })).toBeFocused();

  await card.getByRole('button', { name: '1 in cart' }).click();
  await expect(drawer).toContainText(`Added 1 more ${product.name} to your cart`);
  await expect(drawer).toContainText('Quantity in cart: 2');
  await expect(cartBadge(page)).toHaveText('2');
  // the drawer, not a toast
  await expect(page.getByRole('region', { name: /Notification/ }).getByRole('listitem')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CART_KEY);
  expect(stored.state.items).toHaveLength(1);
  expect(stored.state.items[0]).toMatchObject({ quantity: 2, product: { id: product.id } });

  await page.reload();
  await expect(cartBadge(page)).toHaveText('2');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cart Items' })).toBeVisible();
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the cart drawer at ${viewport.width} px: the line, the way to free shipping, View cart and Check out; axe clean`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const settings = (await (await request.get('/api/site-settings')).json()) as { freeShippingThreshold: string | null };
    const thresholdCents = Math.round(Number(settings.freeShippingThreshold) * 100);
    const product = await findProduct(
      request,
      (p) => p.stock >= 5 && p.sku !== null && Math.round(Number(p.price) * 100) < thresholdCents / 2,
      'a product under half the free-shipping threshold',
    );
    await page.goto(`/shop?search=${encodeURIComponent(product.name)}`);
    const card = cardOf(page, product.name);
    await card.getByRole('button', { name: viewport.width < 768 ? 'Add' : 'Add to Cart', exact: true }).click();

    const drawer = drawerOf(page);
    await expect(drawer).toBeVisible();
    const priceCents = Math.round(Number(product.price) * 100);
    await expect(drawer).toContainText(formatCents(priceCents));
    await expect(drawer.getByText(`${formatCents(thresholdCents - priceCents)} away from free shipping`)).toBeVisible();
    await expect(drawer.getByRole('progressbar', { name: 'Progress to free shipping' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    await expect(drawer.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
    // focus moved into the drawer
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, `the cart drawer at ${viewport.width}`);
    await page.screenshot({ path: `test-results/screenshots/cart-drawer-${viewport.width}.png`, animations: 'disabled' });

    // enough for free shipping: the bar says so
    await page.keyboard.press('Escape');
    for (let count = 1; count * priceCents < thresholdCents; count += 1) {
      await card.getByRole('button', { name: `${count} in cart` }).click();
      await expect(drawer).toContainText(`Quantity in cart: ${count + 1}`);
      if ((count + 1) * priceCents < thresholdCents) await page.keyboard.press('Escape');
    }
    await expect(drawer.getByText('Your order ships free')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/cart-drawer-free-${viewport.width}.png`, animations: 'disabled' });

    await drawer.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(drawer).toHaveCount(0);
  });
}

test('card states: Out of Stock and Max Stock in Cart are disabled', async ({ page, request }) => {
  const soldOut = await findProduct(request, (p) => p.stock <= 0, 'out-of-stock product');
  const scarce = await findProduct(request, (p) => p.stock > 0 && p.stock < 5, 'low-stock product');
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [CART_KEY, storedCart([{ product: scarce, quantity: scarce.stock }])],
  );
  // the shop shows 24 a page: each product is looked up by name
  await page.goto(`/shop?search=${encodeURIComponent(soldOut.name)}`);
  await expect(cardOf(page, soldOut.name).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(cardOf(page, soldOut.name).getByText('Sold out', { exact: true })).toBeVisible();
  await page.goto(`/shop?search=${encodeURIComponent(scarce.name)}`);
  await expect(cardOf(page, scarce.name).getByRole('button', { name: 'Max Stock in Cart' })).toBeDisabled();
  await expect(cardOf(page, scarce.name).getByText(`Only ${scarce.stock} left`)).toBeVisible();
  await expect(cartBadge(page)).toHaveText(String(scarce.stock));
});

test('product page: stepper bounds, subtotal, Add to Cart then a green Update Cart from the cart quantity', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.stock >= 3 && p.stock <= 40, 'product with 3 to 40 in stock');
  await page.goto(`/products/${product.id}`);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  const decrease = page.getByRole('button', { name: 'Decrease quantity' });
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(decrease).toBeDisabled();
  await expect(page.getByText(/^Subtotal:/)).toHaveCount(0);

  await increase.click();
  await expect(quantity).toHaveValue('2');
  const cents = Math.round(Number(product.price) * 100) * 2;
  await expect(page.getByText(`Subtotal: ${formatCents(cents)}`)).toBeVisible();

  // typing is free while editing; leaving the field clamps to 1..stock
  await quantity.fill(String(product.stock + 10));
  await expect(quantity).toHaveValue(String(product.stock + 10));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(product.stock));
  await expect(increase).toBeDisabled();
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('1');
  // Backspace then "3" is 3, not 13
  await quantity.selectText();
  await quantity.press('Backspace');
  await expect(quantity).toHaveValue('');
  await quantity.press('3');
  await expect(quantity).toHaveValue('3');
  await expect(page.getByText(`Subtotal: ${formatCents(Math.round(Number(product.price) * 100) * 3)}`)).toBeVisible();
  await quantity.press('Backspace');
  await quantity.blur();
  await expect(quantity).toHaveValue('3');
  await decrease.click();
  await decrease.click();

  await increase.click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(drawerOf(page)).toContainText(`${product.name} has been added to your cart`);
  await expect(cartBadge(page)).toHaveText('2');
  await page.keyboard.press('Escape');

  const update = page.getByRole('button', { name: 'Update Cart' });
  await expect(update).toBeVisible();
  await expect(update).toHaveClass(/bg-success/);
  await page.reload();
  await expect(quantity).toHaveValue('2');
  await increase.click();
  await update.click();
  await expect(drawerOf(page)).toContainText(`Added 1 more ${product.name} to your cart`);
  await expect(cartBadge(page)).toHaveText('3');
  await page.keyboard.press('Escape');
  await decrease.click();
  await decrease.click();
  await update.click();
  await expect(cartBadge(page)).toHaveText('1');
  await expectNoSeriousAxeViolations(page, 'product page in cart');
});

test('product page of a sold-out product: a disabled "Out of Stock" instead of Add to Cart', async ({ page, request }) => {
  const soldOut = await findProduct(request, (p) => p.stock <= 0, 'out-of-stock product');
  await page.goto(`/products/${soldOut.id}`);
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
  await expect(cartBadge(page)).toHaveCount(0);
  await screenshotPage(page, 'product-sold-out');
});

// "All available stock already in cart" and "Only N additional units available" cannot be reached through the page:
// the stepper is clamped to the stock, so only its unit tests (card-cart-rules.test.ts) assert those texts.
test('product page follows a cart changed in another tab, and lowering to the stock is allowed', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.stock >= 3 && p.stock <= 40, 'product with 3 to 40 in stock');
  // the shopper opened the page while another tab filled the cart: the other tab's additions arrive by the storage event
  await page.goto(`/products/${product.id}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(product.stock));
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key!, value!);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    [CART_KEY, storedCart([{ product, quantity: product.stock + 1 }])],
  );
  await expect(page.getByRole('button', { name: 'Update Cart' })).toBeVisible();
  await expect(cartBadge(page)).toHaveText(String(product.stock + 1));
  // lowering to the stock is allowed
  await page.getByRole('button', { name: 'Update Cart' }).click();
  await expect(cartBadge(page)).toHaveText(String(product.stock));
});

test('cart page: minus disabled at 1, plus disabled at stock, number input, remove, empty state', async ({ page, request }) => {
  const scarce = await findProduct(request, (p) => p.stock >= 2 && p.stock < 5, 'product with 2 to 4 in stock');
  const plenty = await findProduct(request, (p) => p.stock >= 10 && p.id !== scarce.id, 'product with 10 or more in stock');
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [
      CART_KEY,
      storedCart([
        { product: scarce, quantity: 1 },
        { product: plenty, quantity: 3 },
      ]),
    ],
  );
  await page.goto('/cart');
  const row = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  const scarceRow = row(scarce.name);
  await expect(scarceRow.getByText(`${formatPrice(scarce.price)} each`)).toBeVisible();
  await expect(scarceRow.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(scarceRow.getByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('min', '1');
  await scarceRow.getByRole('spinbutton', { name: 'Quantity' }).fill(String(scarce.stock));
  await expect(scarceRow.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await expect(scarceRow.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  await expect(cartBadge(page)).toHaveText(String(scarce.stock + 3));

  const plentyRow = row(plenty.name);
  await plentyRow.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(plentyRow.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('4');
  await plentyRow.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(plentyRow.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
  // an emptied field keeps the cart as it was until a number is typed; leaving it clamps to the stock
  const plentyQuantity = plentyRow.getByRole('spinbutton', { name: 'Quantity' });
  await plentyQuantity.selectText();
  await plentyQuantity.press('Backspace');
  await expect(plentyQuantity).toHaveValue('');
  await expect(cartBadge(page)).toHaveText(String(scarce.stock + 3));
  await plentyQuantity.press('5');
  await expect(plentyQuantity).toHaveValue('5');
  await expect(cartBadge(page)).toHaveText(String(scarce.stock + 5));
  await plentyQuantity.fill(String(plenty.stock + 1));
  await plentyQuantity.blur();
  await expect(plentyQuantity).toHaveValue(String(plenty.stock));
  await plentyQuantity.fill('3');
  await expectNoSeriousAxeViolations(page, 'cart');
  await screenshotPage(page, 'cart');

  await scarceRow.getByRole('button', { name: `Remove ${scarce.name}` }).click();
  await plentyRow.getByRole('button', { name: `Remove ${plenty.name}` }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  await expect(cartBadge(page)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'empty cart');
  await screenshotPage(page, 'cart-empty');
});
