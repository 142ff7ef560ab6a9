import { combinations, stockSpread, type DemoAttribute, type DemoProduct } from './demo-catalogue.ts';
import type { AccessoryPicture, ApparelPicture, BagPicture } from './drawings/gear.ts';

// Bags, nets, apparel and accessories: one variant, or a colour and/or a size.

interface GearModel {
  brand: string;
  type: 'bags' | 'nets' | 'apparel' | 'accessories';
  name: string;
  sku: string;
  price: string;
  description: string;
  releaseDate: string;
  isFeatured?: boolean;
  /** the drawing in each colour: colour label -> its colours */
  colors: { label: string; color: string; accent: string }[];
  sizes?: string[];
  draw: (color: string, accent: string) => BagPicture | ApparelPicture | AccessoryPicture | { kind: 'net'; style: 'system' | 'net' };
  stock?: number[];
  soldOut?: number[];
  low?: number[];
  attributes: DemoAttribute[];
}

function gear(m: GearModel, seed: number): DemoProduct {
  const sizes = m.sizes ?? [''];
  const rows = combinations<number | string>([sizes, m.colors.map((_, i) => i)]) as [string, number][];
  const stock = m.stock ?? stockSpread(rows.length, seed, { soldOut: m.soldOut, low: m.low });
  // a colour is an option only where there is a choice (apparel and accessories name it; bags too)
  const colorOption = m.colors.length > 1 && m.type !== 'nets';
  return {
    brand: m.brand,
    type: m.type,
    name: m.name,
    description: m.description,
    color: m.colors[0]!.label,
    releaseDate: m.releaseDate,
    isFeatured: m.isFeatured ?? false,
    images: m.colors.map((c) => ({ picture: m.draw(c.color, c.accent), alt: `${m.name}, ${c.label}` })),
    variants: rows.map(([size, color], i) => ({
      sku: [m.sku, size, colorOption && m.colors[color]!.label.slice(0, 3).toUpperCase()].filter(Boolean).join('-'),
      price: m.price,
      stock: stock[i]!,
      options: { ...(size && { apparel_size: size }), ...(colorOption && { color: m.colors[color]!.label }) },
      image: color,
    })),
    attributes: m.attributes,
  };
}

const bag = (style: BagPicture['style']) => (color: string, accent: string) => ({ kind: 'bag' as const, style, color, accent });
const garment = (kind: ApparelPicture['garment']) => (color: string, accent: string) => ({ kind: 'apparel' as const, garment: kind, color, accent });
const item = (kind: AccessoryPicture['item']) => (color: string, accent: string) => ({ kind: 'accessory' as const, item: kind, color, accent });
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

const MODELS: GearModel[] = [
  {
    brand: 'Third Shot Supply',
    type: 'bags',
    name: 'Tour Backpack 2.0',
    sku: 'TSS-BG-001',
    price: '89.99',
    description: 'Fits four paddles in a fleece-lined sleeve, a ventilated shoe tunnel, a fence hook and a padded laptop pocket. Water-resistant base.',
    releaseDate: '2025-09-15',
    isFeatured: true,
    colors: [
      { label: 'Navy', color: '#1e3a8a', accent: '#334155' },
      { label: 'Sage', color: '#8a9a78', accent: '#3f4a36' },
    ],
    draw: bag('backpack'),
    stock: [31, 6],
    attributes: [
      { key: 'bag_style', value: 'Backpack' },
      { key: 'paddle_capacity', value: 4 },
      { key: 'shoe_compartment', value: true },
      { key: 'fence_hook', value: true },
    ],
  },
  {
    brand: 'Third Shot Supply',
    type: 'bags',
    name: 'Court Sling Bag',
    sku: 'TSS-BG-002',
    price: '49.99',
    description: 'A light sling for one or two paddles, balls, keys and a phone. Switch shoulders in a second with the reversible strap.',
    releaseDate: '2025-04-07',
    colors: [{ label: 'Sage', color: '#8a9a78', accent: '#e7e5e4' }],
    draw: bag('sling'),
    stock: [3],
    attributes: [
      { key: 'bag_style', value: 'Sling' },
      { key: 'paddle_capacity', value: 2 },
      { key: 'shoe_compartment', value: false },
    ],
  },
  {
    brand: 'Third Shot Supply',
    type: 'bags',
    name: 'Weekender Duffel',
    sku: 'TSS-BG-003',
    price: '129.99',
    description: 'A tournament-weekend duffel with a paddle compartment, separate wet pocket and room for two changes of clothes.',
    releaseDate: '2025-11-03',
    colors: [{ label: 'Black', color: '#27272a', accent: '#7c3aed' }],
    draw: bag('duffel'),
    stock: [14],
    attributes: [
      { key: 'bag_style', value: 'Duffel' },
      { key: 'paddle_capacity', value: 3 },
      { key: 'shoe_compartment', value: true },
      { key: 'fence_hook', value: false },
    ],
  },
  {
    brand: 'Baseline Athletic',
    type: 'bags',
    name: 'Pro Tour Bag',
    sku: 'BLA-BG-001',
    price: '149.99',
    description: 'Thermal-lined paddle compartments protect carbon faces from summer heat; two main compartments hold everything for a full day of play.',
    releaseDate: '2026-02-16',
    colors: [{ label: 'Royal Blue', color: '#2563eb', accent: '#0f172a' }],
    draw: bag('duffel'),
    stock: [0],
    attributes: [
      { key: 'bag_style', value: 'Tournament bag' },
      { key: 'paddle_capacity', value: 6 },
      { key: 'shoe_compartment', value: true },
      { key: 'fence_hook', value: true },
    ],
  },
  {
    brand: 'Kitchen Line Co.',
    type: 'bags',
    name: 'Neoprene Paddle Cover',
    sku: 'KLC-BG-001',
    price: '19.99',
    description: 'A snug neoprene sleeve that protects the face and edge guard of any standard or elongated paddle.',
    releaseDate: '2024-06-24',
    colors: [
      { label: 'Teal', color: '#0f766e', accent: '#99f6e4' },
      { label: 'Black', color: '#27272a', accent: '#14b8a6' },
    ],
    draw: bag('cover'),
    stock: [88, 40],
    attributes: [
      { key: 'bag_style', value: 'Tote' },
      { key: 'paddle_capacity', value: 1 },
    ],
  },
  {
    brand: 'Courtcraft',
    type: 'nets',
    name: 'Portable Net System',
    sku: 'CCR-NT-001',
    price: '179.99',
    description:
      'A regulation 22-foot net on a powder-coated steel frame: 34 in at the centre, 36 in at the posts. Sets up in under five minutes and packs into a wheeled bag.',
    releaseDate: '2024-04-01',
    isFeatured: true,
    colors: [{ label: 'Black', color: '', accent: '' }],
    draw: () => ({ kind: 'net', style: 'system' }),
    stock: [21],
    attributes: [
      { key: 'net_type', value: 'Portable' },
      { key: 'net_length', value: 22 },
      { key: 'regulation_size', value: true },
      { key: 'carry_bag', value: true },
    ],
  },
  {
    brand: 'Courtcraft',
    type: 'nets',
    name: 'Tournament Net System',
    sku: 'CCR-NT-002',
    price: '299.99',
    description: 'A heavier, wind-stable frame with a centre support that holds regulation height. Built for clubs and permanent courts.',
    releaseDate: '2025-02-03',
    colors: [{ label: 'Black', color: '', accent: '' }],
    draw: () => ({ kind: 'net', style: 'system' }),
    stock: [1],
    attributes: [
      { key: 'net_type', value: 'Permanent' },
      { key: 'net_length', value: 22 },
      { key: 'regulation_size', value: true },
      { key: 'carry_bag', value: false },
    ],
  },
  {
    brand: 'Courtcraft',
    type: 'nets',
    name: 'Replacement Net',
    sku: 'CCR-NT-003',
    price: '49.99',
    description: 'A UV-resistant replacement net with a vinyl headband that fits most portable frames.',
    releaseDate: '2024-04-01',
    colors: [{ label: 'Black', color: '', accent: '' }],
    draw: () => ({ kind: 'net', style: 'net' }),
    stock: [39],
    attributes: [
      { key: 'net_type', value: 'Portable' },
      { key: 'net_length', value: 22 },
    ],
  },
  {
    brand: 'Erne & Co.',
    type: 'apparel',
    name: 'Recycled Performance Tee',
    sku: 'ERN-AP-001',
    price: '34.99',
    description: 'A moisture-wicking tee made from recycled bottles. Flat seams, UPF 30 sun protection and a relaxed fit.',
    releaseDate: '2025-04-14',
    colors: [
      { label: 'Heather Gray', color: '#9ca3af', accent: '#4b5563' },
      { label: 'Forest', color: '#166534', accent: '#bbf7d0' },
    ],
    sizes: SIZES,
    soldOut: [0, 11],
    low: [1],
    attributes: [
      { key: 'fabric', value: '100% recycled polyester jersey, UPF 30' },
      { key: 'apparel_fit', value: 'Unisex' },
    ],
    draw: garment('tee'),
  },
  {
    brand: 'Erne & Co.',
    type: 'apparel',
    name: 'Court Polo',
    sku: 'ERN-AP-002',
    price: '54.99',
    description: 'A breathable piqué polo with a hidden zip pocket for a ball. Looks sharp at the club and on the podium.',
    releaseDate: '2025-05-05',
    colors: [{ label: 'Navy', color: '#1e3a8a', accent: '#f8fafc' }],
    sizes: ['S', 'M', 'L', 'XL'],
    stock: [1, 2, 0, 1],
    attributes: [
      { key: 'fabric', value: 'Cotton-polyester piqué' },
      { key: 'apparel_fit', value: "Men's" },
    ],
    draw: garment('polo'),
  },
  {
    brand: 'Baseline Athletic',
    type: 'apparel',
    name: "Women's Pleated Skort",
    sku: 'BLA-AP-001',
    price: '59.99',
    description: 'A pleated skort with built-in shorts and two ball pockets. Four-way stretch fabric moves with every lunge.',
    releaseDate: '2025-06-16',
    colors: [{ label: 'White', color: '#f8fafc', accent: '#1d4ed8' }],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    attributes: [
      { key: 'fabric', value: 'Four-way stretch nylon-spandex' },
      { key: 'apparel_fit', value: "Women's" },
    ],
    draw: garment('skort'),
  },
  {
    brand: 'Baseline Athletic',
    type: 'apparel',
    name: "Men's Training Shorts",
    sku: 'BLA-AP-002',
    price: '44.99',
    description: 'Seven-inch training shorts with deep ball pockets and a quick-dry liner.',
    releaseDate: '2025-06-16',
    colors: [{ label: 'Charcoal', color: '#374151', accent: '#60a5fa' }],
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    attributes: [
      { key: 'fabric', value: 'Quick-dry woven polyester' },
      { key: 'apparel_fit', value: "Men's" },
    ],
    draw: garment('shorts'),
  },
  {
    brand: 'Dinkwell',
    type: 'apparel',
    name: 'Sun Visor',
    sku: 'DNK-AP-001',
    price: '24.99',
    description: 'A lightweight visor with a terry sweatband and an adjustable hook-and-loop strap. One size fits most.',
    releaseDate: '2024-07-08',
    colors: [{ label: 'White', color: '#f8fafc', accent: '#b45309' }],
    stock: [0],
    attributes: [{ key: 'apparel_fit', value: 'Unisex' }],
    draw: garment('visor'),
  },
  {
    brand: 'Erne & Co.',
    type: 'apparel',
    name: 'Quarter-Zip Court Pullover',
    sku: 'ERN-AP-003',
    price: '69.99',
    description: 'A brushed-back quarter-zip for cool mornings and evening leagues. Thumbholes and a zippered chest pocket.',
    releaseDate: '2025-10-20',
    colors: [{ label: 'Forest Green', color: '#166534', accent: '#d6d3d1' }],
    sizes: ['S', 'M', 'L', 'XL'],
    attributes: [
      { key: 'fabric', value: 'Brushed-back polyester fleece' },
      { key: 'apparel_fit', value: 'Unisex' },
    ],
    draw: garment('pullover'),
  },
  {
    brand: 'Third Shot Supply',
    type: 'apparel',
    name: 'Cushioned Court Socks 3-Pack',
    sku: 'TSS-AP-001',
    price: '19.99',
    description: 'Quarter-length socks with arch support and a cushioned heel. Three pairs per pack.',
    releaseDate: '2024-04-22',
    colors: [{ label: 'White', color: '#fafaf9', accent: '#7c3aed' }],
    sizes: ['S', 'M', 'L'],
    stock: [60, 80, 60],
    attributes: [{ key: 'apparel_fit', value: 'Unisex' }],
    draw: garment('socks'),
  },
  {
    brand: 'Third Shot Supply',
    type: 'accessories',
    name: 'Tacky Overgrip 3-Pack',
    sku: 'TSS-AC-001',
    price: '9.99',
    description: 'Thin, tacky overgrips that soak up sweat and add just a touch of handle size. Three per pack.',
    releaseDate: '2024-02-12',
    colors: [
      { label: 'White', color: '#f5f5f4', accent: '#a8a29e' },
      { label: 'Black', color: '#27272a', accent: '#52525b' },
      { label: 'Teal', color: '#14b8a6', accent: '#0f766e' },
    ],
    stock: [180, 120, 0],
    attributes: [{ key: 'accessory_type', value: 'Overgrip' }],
    draw: item('overgrip'),
  },
  {
    brand: 'Third Shot Supply',
    type: 'accessories',
    name: 'Edge Guard Tape',
    sku: 'TSS-AC-002',
    price: '12.99',
    description: 'Protective tape for paddle edges. Keeps chips and scuffs off your paddle after scrapes on the court.',
    releaseDate: '2024-02-12',
    colors: [{ label: 'Black', color: '#27272a', accent: '#52525b' }],
    stock: [2],
    attributes: [{ key: 'accessory_type', value: 'Edge guard' }],
    draw: item('tape'),
  },
  {
    brand: 'Spinhaus',
    type: 'accessories',
    name: 'Lead Tape Tuning Kit',
    sku: 'SPH-AC-001',
    price: '14.99',
    description: 'Pre-cut lead strips to tune your paddle’s swing weight and twist weight, with a placement guide.',
    releaseDate: '2025-01-27',
    colors: [{ label: 'Silver', color: '#94a3b8', accent: '#64748b' }],
    stock: [27],
    attributes: [{ key: 'accessory_type', value: 'Lead tape' }],
    draw: item('lead'),
  },
  {
    brand: 'Courtcraft',
    type: 'accessories',
    name: 'Ball Retriever Tube',
    sku: 'CCR-AC-001',
    price: '29.99',
    description: 'Pick up balls without bending: press the tube over a ball and it clicks in. Holds up to 20 balls.',
    releaseDate: '2024-09-23',
    colors: [{ label: 'Orange', color: '#f97316', accent: '#1c1917' }],
    stock: [0],
    attributes: [{ key: 'accessory_type', value: 'Ball retriever' }],
    draw: item('retriever'),
  },
  {
    brand: 'Third Shot Supply',
    type: 'accessories',
    name: 'Terry Wristbands 2-Pack',
    sku: 'TSS-AC-003',
    price: '7.99',
    description: 'Absorbent cotton terry wristbands that keep sweat off your grip hand.',
    releaseDate: '2024-06-10',
    colors: [{ label: 'Purple', color: '#a855f7', accent: '#581c87' }],
    stock: [95],
    attributes: [{ key: 'accessory_type', value: 'Other' }],
    draw: item('wristband'),
  },
  {
    brand: 'Courtcraft',
    type: 'accessories',
    name: 'Flip Scoreboard',
    sku: 'CCR-AC-002',
    price: '34.99',
    description: 'A fence-mount flip scoreboard for both teams and the server number. Never argue about the score again.',
    releaseDate: '2025-05-26',
    colors: [{ label: 'Green', color: '#15803d', accent: '#14532d' }],
    stock: [11],
    attributes: [{ key: 'accessory_type', value: 'Other' }],
    draw: item('scoreboard'),
  },
];

export const DEMO_GEAR: DemoProduct[] = MODELS.map((model, i) => gear(model, 40 + i));
