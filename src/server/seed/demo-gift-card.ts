import type { DemoProduct } from './demo-catalogue.ts';

// The demo's gift card (decision 066): a product of the Gift Card type whose variants are its amounts on the
// type's Amount axis, each pictured in its own colour. It is e-mailed, not shipped: no weight, no box, and a
// stock large enough never to run out in a demo.

const AMOUNTS = [
  { amount: '$25', price: '25.00', color: '#0f766e', accent: '#facc15' },
  { amount: '$50', price: '50.00', color: '#1e3a8a', accent: '#f97316' },
  { amount: '$100', price: '100.00', color: '#4c1d95', accent: '#fbbf24' },
];

export const DEMO_GIFT_CARD: DemoProduct = {
  brand: 'Third Shot Supply',
  type: 'gift-card',
  name: 'Gift Card',
  description:
    'Not sure which paddle they would pick? Let them choose. Pick an amount, name the player it is for and the day it should arrive: ' +
    'we e-mail them a code with your message on that day, to spend on anything in the shop, in as many orders as they like. It never expires.',
  releaseDate: '2025-11-01',
  isFeatured: false,
  images: AMOUNTS.map(({ amount, color, accent }) => ({ picture: { kind: 'gift-card', color, accent, amount }, alt: `A ${amount} gift card` })),
  variants: AMOUNTS.map(({ amount, price }, i) => ({
    sku: `GIFT-${price.replace('.00', '')}`,
    price,
    stock: 9999,
    options: { gift_card_amount: amount },
    image: i,
  })),
  attributes: [],
};
