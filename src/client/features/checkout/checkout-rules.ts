import { normalizeCanadianPostalCode, type ShippingCountry } from '#common/canadian-address.ts';
import { formatPrice, toCents } from '#common/money.ts';
import { EMAIL_PATTERN, ZIP_PATTERN } from '#common/patterns.ts';
import type { CouponResult, CreatePaymentIntentInput, TaxCalculateInput, TaxResult } from '#common/schemas/checkout.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-cards.ts';

// The checkout's pure rules, in the shop's own words.

export interface AddressDraft {
  street: string;
  city: string;
  /** a US state, or a Canadian province when the country is CA */
  state: string;
  /** a ZIP code, or a Canadian postal code */
  zip: string;
  /** absent: the US, as the spec's form has it */
  country?: ShippingCountry;
}

export interface CustomerDraft {
  customerName: string;
  customerEmail: string;
  phone: string;
}

/** The shipping address as the API takes it (state checked there against the 50 states and DC). */
type AddressPayload = NonNullable<CreatePaymentIntentInput['shippingAddress']>;

export const EMPTY_ADDRESS: AddressDraft = { street: '', city: '', state: '', zip: '' };

/** The line items the page prices; a cart item's product rides along with its price as the API gave it. */
export interface CheckoutLine {
  product: { id: number; name: string; price: string | number | null };
  /** the variant bought, for a product with several; a product with one is bought by its id */
  variantId?: number | null;
  quantity: number;
  /** the order summary's picture and second line: the variant's image (else the product's) and its name */
  imageUrl?: string | null;
  variantName?: string | null;
  /** what the shop changed since the line was put in the cart (price, quantity lowered), in the shopper's words */
  notes?: readonly string[];
  /** a gift card line's recipient and day (decision 066) */
  giftCard?: GiftCardRecipient;
}

/** A toast's title and description. */
interface CheckoutMessage {
  title: string;
  description: string;
}

/** Street, city, state and zip are all needed (country is always US). */
export function isAddressComplete(address: AddressDraft): boolean {
  return [address.street, address.city, address.state, address.zip].every((field) => field.trim() !== '');
}

/**
 * Tax computes by itself once the address is filled. It waits for a whole ZIP code, so typing
 * "9", "92", ... does not send four doomed requests.
 */
export function isAddressReadyForAutoTax(address: AddressDraft): boolean {
  return isAddressComplete(address) && isWholePostalCode(address);
}

/** A whole ZIP code, or a whole Canadian postal code for a Canadian address. */
function isWholePostalCode(address: Pick<AddressDraft, 'zip' | 'country'>): boolean {
  return address.country === 'CA' ? normalizeCanadianPostalCode(address.zip) !== null : ZIP_PATTERN.test(address.zip.trim());
}

/** "text, an at sign, text, a dot and text". */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The checks before a payment is made (Continue to Payment), in the spec's order; null when checkout may go on. */
export function checkoutProblem(address: AddressDraft, customer: CustomerDraft, needsAddress = true): CheckoutMessage | null {
  if (needsAddress && !isAddressComplete(address)) {
    return { title: 'Please complete shipping address', description: 'All address fields are required to proceed to checkout.' };
  }
  if (customer.customerName.trim() === '') {
    return { title: 'Customer name required', description: 'Please enter your full name to proceed.' };
  }
  if (!isValidEmail(customer.customerEmail)) {
    return { title: 'Valid email required', description: 'Please enter a valid email address to receive order confirmations.' };
  }
  return null;
}

/** The field to focus after a refused Continue to Payment: the first one the toast is about. */
export function firstProblemField(address: AddressDraft, customer: CustomerDraft, needsAddress = true): string {
  if (needsAddress && !isAddressComplete(address)) return (['street', 'city', 'state', 'zip'] as const).find((field) => !address[field].trim()) ?? 'street';
  if (!customer.customerName.trim()) return 'customerName';
  return isValidEmail(customer.customerEmail) ? 'customerName' : 'customerEmail';
}

/** "Coupon applied successfully!": "10% off your order" or "$5.00 off your order". */
export function couponDescription(coupon: Pick<CouponResult, 'type' | 'amount'>): string {
  if (coupon.type === 'percentage') {
    const percent = Number(coupon.amount);
    // "10.00" reads as 10 %, "12.50" as 12.5 %
    return `${Number.isFinite(percent) ? String(percent) : '0'}% off your order`;
  }
  return `${formatPrice(coupon.amount)} off your order`;
}

/** The tax percent with 2 decimals, from a rate given as a fraction (0.0725 -> "7.25"). */
export function taxPercentText(rate: number): string {
  const percent = Number.isFinite(rate) ? rate * 100 : 0;
  return percent.toFixed(2);
}

/**
 * The built-in table's rate is the state's average (state plus average local), not the address's
 * own: it is labelled an estimate. TaxJar's exact rate and the owner's default rate are not.
 */
export function isTaxEstimate(tax: Pick<TaxResult, 'provider' | 'fallback'> | null): boolean {
  return tax !== null && tax.provider === 'state-rates' && !tax.fallback;
}

/** The order summary's tax row: "Tax" before a result, "Estimated tax (8.20%)" or "Tax (8.25%)" after. */
export function taxLabel(tax: Pick<TaxResult, 'provider' | 'fallback' | 'rate'> | null): string {
  if (!tax) return 'Tax';
  return `${isTaxEstimate(tax) ? 'Estimated tax' : 'Tax'} (${taxPercentText(tax.rate)}%)`;
}

export function toShippingAddress(address: AddressDraft): AddressPayload {
  return {
    street: address.street.trim(),
    city: address.city.trim(),
    state: address.state.trim(),
    zip: address.zip.trim(),
    country: address.country ?? 'US',
  };
}

/** A key that changes whenever any address field does (the tax result belongs to one address). */
export function addressKey(address: AddressDraft): string {
  return JSON.stringify(toShippingAddress(address));
}

/** A key for the cart's lines: the tax and the payment belong to these lines. */
export function linesKey(lines: readonly CheckoutLine[]): string {
  return lines.map((line) => `${line.product.id}${line.variantId ? `.${line.variantId}` : ''}x${line.quantity}`).join(',');
}

/** One constant tax code on every line (general goods); informational, the server prices and taxes lines itself. */
const PRODUCT_TAX_CODE = '00000';

export function priceCentsOf(price: string | number | null): number {
  const cents = toCents(price);
  return Number.isNaN(cents) ? 0 : cents;
}

/** The payment's lines: the variant when the line names one, else the product alone (carts stored before variants). */
export function paymentItems(lines: readonly CheckoutLine[]): CreatePaymentIntentInput['items'] {
  return lines.map((line) => ({
    productId: line.product.id,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.quantity,
    ...(line.giftCard && { giftCard: line.giftCard }),
  }));
}

export function taxLineItems(lines: readonly CheckoutLine[]): TaxCalculateInput['lineItems'] {
  return lines.map((line) => ({
    id: line.product.id,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.quantity,
    unit_price: priceCentsOf(line.product.price) / 100,
    product_tax_code: PRODUCT_TAX_CODE,
  }));
}
