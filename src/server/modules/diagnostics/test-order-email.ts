import { inArray } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { TestEmailResult, TestOrderEmailInput } from '#common/schemas/diagnostics.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { DomainError, invalidInput } from '#server/errors/domain-errors.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendCustomerOrderEmail, type CustomerOrderTemplate } from '#server/modules/mail/order-mail-service.ts';
import { adminRecipient } from './admin-recipient.ts';
import { sampleTestOrder } from './sample-test-order.ts';

type OrderEmailData = Parameters<typeof sendCustomerOrderEmail>[2];

const TEST_EMAIL_KIND = 'test-order-email';

/** The mailer refused the message; the page shows the server's `error` field. */
export class TestEmailFailed extends DomainError {
  constructor(message: string) {
    super('provider-failed', message);
  }
}

/** Test e-mails are previews: their order number is marked as a test's and no order is saved. */
function testOrderNumber(now = Date.now()): number {
  return 900_000 + (now % 100_000);
}

async function productNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const money = (amount: number) => centsToDecimal(toCents(amount));

/** The admin's payload as the order e-mail templates read an order. */
async function toTestOrder(db: Database, input: TestOrderEmailInput, id = testOrderNumber()): Promise<OrderEmailData> {
  const ids = [...new Set(input.items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const names = await productNames(db, ids);
  const issues = input.items.flatMap((item, index) =>
    item.productId && !names.has(item.productId) ? [{ path: `items.${index}.productId`, message: `Product ${item.productId} does not exist` }] : [],
  );
  if (issues.length > 0) throw invalidInput(`Invalid input: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
  const blankToNull = (value: string | undefined) => (value ? value : null);
  return {
    id,
    createdAt: new Date().toISOString(),
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    phone: blankToNull(input.phone),
    street: input.address.street,
    city: input.address.city,
    state: input.address.state,
    zipCode: input.address.zipCode,
    country: input.address.country,
    subtotal: money(input.subtotal),
    discountTotal: money(input.couponDiscount ?? 0),
    shippingTotal: money(input.shipping),
    taxTotal: money(input.tax),
    total: money(input.total),
    couponCode: blankToNull(input.couponCode),
    // the test form spells it "canceled"; orders say "cancelled"
    status: input.orderStatus === 'canceled' ? 'cancelled' : input.orderStatus,
    trackingNumber: blankToNull(input.trackingNumber),
    trackingUrl: blankToNull(input.trackingUrl),
    items: input.items.map((item) => ({
      productName: (item.productId && names.get(item.productId)) || item.customName || 'Item',
      quantity: item.quantity,
      price: money(item.price),
    })),
  };
}

/** A shipped order gets the customers' "has shipped" e-mail; every other status the order confirmation. */
const templateFor = (status: string): CustomerOrderTemplate => (status === 'shipped' ? 'order-shipped' : 'order-confirmation');

const templateNames: Record<CustomerOrderTemplate, string> = {
  'order-confirmation': 'order confirmation',
  'order-shipped': 'order shipped',
};

/**
 * POST /api/test-order-email: renders the e-mail customers get for the admin's order (or, with no
 * payload, for a sample order sent to the admin) and sends it through the shop's mailer.
 */
export async function sendTestOrderEmail(
  deps: { db: Database; mail: MailService },
  admin: { email: string | null },
  input: TestOrderEmailInput | null,
): Promise<TestEmailResult> {
  let order: OrderEmailData;
  if (input) {
    order = await toTestOrder(deps.db, input);
  } else {
    const recipient = await adminRecipient(deps.db, admin);
    if (!recipient) throw invalidInput('Add an e-mail address to your account (or a fulfilment e-mail in site settings) to receive the test e-mail');
    order = sampleTestOrder(recipient, testOrderNumber());
  }
  const template = templateFor(order.status);
  const result = await sendCustomerOrderEmail(deps.mail, deps.db, order, { template, kind: TEST_EMAIL_KIND });
  if (result.status === 'failed') {
    const error = result.error ?? 'the mail server refused the message';
    throw new TestEmailFailed(`The test e-mail could not be sent: ${error}`);
  }
  const where = result.status === 'sent' ? 'sent' : 'stored in the e-mail outbox (SMTP_URL is not set)';
  return {
    order: { id: order.id, total: order.total, status: order.status },
    message: `Test ${templateNames[template]} e-mail for order #${order.id} ${where} to ${order.customerEmail}`,
    recipient: order.customerEmail,
    template,
    delivery: result.status,
  };
}
