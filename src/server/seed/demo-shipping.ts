import type { DemoAttribute, DemoProduct, DemoVariant } from './demo-catalogue.ts';

// What each demo variant weighs packed and the box it ships in (grams and millimetres, decision 049), from
// makers' published figures (/work/shared/research/pickleball-catalogue.md), so a weight-bracket shipping
// method prices the demo cart as it would a real one: a paddle ~8 oz, a ball ~26 g, shoes ~1 kg boxed, a net
// system ~30 lb.

const GRAMS_PER_OUNCE = 28.349523125;
const OUTDOOR_BALL_GRAMS = 26;
const INDOOR_BALL_GRAMS = 23;
// a paddle's cover and card sleeve, and a shoe box with its paper
const PADDLE_PACKING_GRAMS = 60;
const SHOE_BOX_GRAMS = 350;

type Box = [lengthMm: number, widthMm: number, heightMm: number];
interface Parcel {
  weightGrams: number;
  box: Box;
}

const PADDLE_BOX: Box = [440, 230, 50];
const SHOE_BOX: Box = [340, 220, 125];

/** Bags, nets, apparel and accessories by name: the weights their makers list, rounded. */
const GEAR: Record<string, Parcel> = {
  'Tour Backpack 2.0': { weightGrams: 1100, box: [500, 330, 150] },
  'Court Sling Bag': { weightGrams: 520, box: [480, 250, 100] },
  'Weekender Duffel': { weightGrams: 1250, box: [600, 320, 200] },
  'Pro Tour Bag': { weightGrams: 1600, box: [760, 330, 250] },
  'Neoprene Paddle Cover': { weightGrams: 110, box: [450, 240, 30] },
  // a steel-framed portable system: about 30 lb in its carry bag
  'Portable Net System': { weightGrams: 13600, box: [1150, 300, 200] },
  'Tournament Net System': { weightGrams: 19000, box: [1200, 330, 230] },
  'Replacement Net': { weightGrams: 1400, box: [400, 300, 120] },
  'Recycled Performance Tee': { weightGrams: 170, box: [300, 250, 30] },
  'Court Polo': { weightGrams: 230, box: [300, 250, 30] },
  "Women's Pleated Skort": { weightGrams: 200, box: [300, 250, 30] },
  "Men's Training Shorts": { weightGrams: 210, box: [300, 250, 30] },
  'Sun Visor': { weightGrams: 70, box: [250, 200, 80] },
  'Quarter-Zip Court Pullover': { weightGrams: 380, box: [330, 280, 50] },
  'Cushioned Court Socks 3-Pack': { weightGrams: 180, box: [250, 150, 50] },
  'Tacky Overgrip 3-Pack': { weightGrams: 45, box: [220, 60, 30] },
  'Edge Guard Tape': { weightGrams: 40, box: [100, 100, 30] },
  'Lead Tape Tuning Kit': { weightGrams: 60, box: [150, 100, 20] },
  'Ball Retriever Tube': { weightGrams: 300, box: [900, 90, 90] },
  'Terry Wristbands 2-Pack': { weightGrams: 50, box: [150, 100, 40] },
  'Flip Scoreboard': { weightGrams: 900, box: [350, 250, 60] },
};

/** The middle of a variant's static weight in ounces: its own override, else the product's. */
function paddleOunces(attributes: DemoAttribute[], variant: number): number {
  const own = attributes.find((attribute) => attribute.key === 'static_weight' && attribute.variant === variant);
  const value = (own ?? attributes.find((attribute) => attribute.key === 'static_weight' && attribute.variant === undefined))?.value;
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'min' in value) return (value.min + value.max) / 2;
  return 8;
}

function ballParcel(variant: DemoVariant): Parcel {
  const pack = Number(/^(\d+)/.exec(variant.options?.pack_size ?? '')?.[1] ?? 1);
  const each = variant.options?.court === 'Indoor' ? INDOOR_BALL_GRAMS : OUTDOOR_BALL_GRAMS;
  // a tube of three or four; larger packs come in a box of rows of 75 mm balls
  const box: Box = pack <= 4 ? [80 * pack, 80, 80] : [320, 80 * Math.ceil(pack / 4), 80];
  return { weightGrams: pack * each + 30 * Math.ceil(pack / 4), box };
}

function parcelOf(product: DemoProduct, variant: DemoVariant, index: number): Parcel {
  switch (product.type) {
    case 'paddles':
      return { weightGrams: Math.round(paddleOunces(product.attributes, index) * GRAMS_PER_OUNCE) + PADDLE_PACKING_GRAMS, box: PADDLE_BOX };
    case 'balls':
      return ballParcel(variant);
    case 'shoes': {
      const perShoe = product.attributes.find((attribute) => attribute.key === 'shoe_weight')?.value;
      const pair = 2 * (typeof perShoe === 'number' ? perShoe : 13) * GRAMS_PER_OUNCE;
      return { weightGrams: Math.round(pair) + SHOE_BOX_GRAMS, box: SHOE_BOX };
    }
    default: {
      const parcel = GEAR[product.name];
      if (!parcel) throw new Error(`The demo catalogue has no shipping weight for ${product.name}`);
      return parcel;
    }
  }
}

/** The product with every variant's packed weight and box; a gift card is e-mailed (decision 066) and has neither. */
export function withShipping(product: DemoProduct): DemoProduct {
  if (product.type === 'gift-card') return product;
  return {
    ...product,
    variants: product.variants.map((variant, index) => {
      const { weightGrams, box } = parcelOf(product, variant, index);
      return { ...variant, weightGrams, lengthMm: box[0], widthMm: box[1], heightMm: box[2] };
    }),
  };
}
