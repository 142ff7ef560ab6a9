import { expect, test } from './support/test.ts';
import { adminApi, openAdminTab, runId, signInAsAdmin } from './support/admin.ts';
import { GOOD_CARD, continueToPayment, fillAddress, fillCustomer, openCheckoutWith, payWithCard, stockedProducts, summaryValue } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The owner's shipping methods at checkout (issue 31, decision 049): a zone of its own (Vermont, a state no
// other journey ships to) with Standard and Expedited; the shopper picks Expedited, pays with the simulator's
// card, and the confirmation shows the method with its dates.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px a shopper chooses Expedited, pays, and the order shows it`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(viewport);
    const admin = await adminApi(baseURL!);
    const zone = await admin.post('/api/admin/shipping/zones', { data: { name: `Vermont ${runId()}`, usStates: ['VT'] } });
    // the other viewport's run may hold Vermont: reuse that zone
    const zoneId: number = zone.ok()
      ? (await zone.json()).id
      : (await (await admin.get('/api/admin/shipping')).json()).zones.find((z: { usStates: string[] }) => z.usStates.includes('VT')).id;
    const days = { cutoffTime: null, active: true };
    for (const method of [
      { name: 'Standard', kind: 'delivery', minBusinessDays: 3, maxBusinessDays: 6, rate: { basis: 'flat', priceCents: 795, freeOverCents: null }, ...days },
      { name: 'Expedited', kind: 'delivery', minBusinessDays: 1, maxBusinessDays: 2, rate: { basis: 'flat', priceCents: 1999, freeOverCents: null }, ...days },
    ]) {
      const created = await admin.post(`/api/admin/shipping/zones/${zoneId}/methods`, { data: method });
      expect(created.status(), await created.text()).toBe(201);
    }
    try {
      const [paddle] = await stockedProducts(request, 1);
      await openCheckoutWith(page, [{ product: paddle!, quantity: 1 }]);
      await fillCustomer(page, { name: 'Val Vermont', email: 'val.vermont@example.com' });
      await fillAddress(page, { street: '1 Church St', city: 'Burlington', state: 'VT', zip: '05401' });

      const methods = page.getByRole('group', { name: 'Shipping method' });
      const expedited = methods.getByRole('radio', { name: /^Expedited/ }).first();
      await expect(expedited).toBeVisible();
      await expect(methods.getByRole('radio', { name: /^Standard/ }).first()).toBeChecked();
      await expect(expedited.locator('xpath=ancestor::label')).toContainText(/Arrives \w{3}, \w{3} \d+/);
      await expect(expedited.locator('xpath=ancestor::label')).toContainText('$19.99');
      await expedited.check();
      await expect(summaryValue(page, 'Shipping')).toHaveText('$19.99');
      await screenshotPage(page, 'shipping-methods-expedited');

      await continueToPayment(page).click();
      await payWithCard(page, GOOD_CARD);
      await expect(page).toHaveURL(/\/order-confirmation/);
      await expect(page.getByRole('heading', { level: 3, name: 'Expedited' })).toBeVisible();
      await screenshotPage(page, 'shipping-methods-confirmation');

      // the owner's Shipping tab lists the zone with both methods
      await signInAsAdmin(page);
      await openAdminTab(page, 'shipping');
      const methodsOfZone = page.getByRole('list', { name: /^Methods of Vermont/ });
      await expect(methodsOfZone.getByRole('listitem')).toHaveText([/^Standard \$7\.95 · 3–6 business days/, /^Expedited \$19\.99 · 1–2 business days/]);
      await page.getByRole('button', { name: 'Add method' }).first().click();
      await screenshotPage(page, 'shipping-admin-tab');
    } finally {
      await admin.delete(`/api/admin/shipping/zones/${zoneId}`);
      await admin.dispose();
    }
  });
}
