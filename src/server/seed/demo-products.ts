import { DEMO_BALLS, DEMO_SHOES } from './demo-balls-shoes.ts';
import type { DemoProduct } from './demo-catalogue.ts';
import { DEMO_GEAR } from './demo-gear.ts';
import { DEMO_GIFT_CARD } from './demo-gift-card.ts';
import { DEMO_PADDLES } from './demo-paddles.ts';
import { withShipping } from './demo-shipping.ts';

// The demo catalogue: paddles in thicknesses and grips, balls in packs, shoes in sizes and widths,
// bags, nets, apparel and accessories, and a gift card in three amounts, with a spread of stock (sold
// out, low, plenty, and sold-out variants of products still on sale) for every screen of the shop to
// show its states on first start, and every shipped variant's packed weight and box for the rates.

export const DEMO_PRODUCTS: DemoProduct[] = [...DEMO_PADDLES, ...DEMO_BALLS, ...DEMO_SHOES, ...DEMO_GEAR, DEMO_GIFT_CARD].map(withShipping);
