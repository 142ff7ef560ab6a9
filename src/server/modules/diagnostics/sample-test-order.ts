import type { sendCustomerOrderEmail } from '#server/modules/mail/order-mail-service.ts';

type OrderEmailData = Parameters<typeof sendCustomerOrderEmail>[2];

/** The e-mail simulation order, two items totalling 99.99 (free shipping above 50, no tax). */
export function sampleTestOrder(recipient: string, id: number, now = new Date()): OrderEmailData {
  return {
    id,
    createdAt: now.toISOString(),
    customerName: 'Test Customer',
    customerEmail: recipient,
    phone: null,
    street: '123 Test Street',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    country: 'US',
    subtotal: '99.99',
    discountTotal: '0.00',
    shippingTotal: '0.00',
    taxTotal: '0.00',
    total: '99.99',
    couponCode: null,
    status: 'processing',
    trackingNumber: null,
    trackingUrl: null,
    items: [
      { productName: 'Pro Carbon Paddle', quantity: 1, price: '79.99' },
      { productName: 'Outdoor Pickleballs (6-pack)', quantity: 1, price: '20.00' },
    ],
  };
}
