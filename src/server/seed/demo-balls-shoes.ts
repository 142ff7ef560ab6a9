import { combinations, stockSpread, type DemoImage, type DemoProduct } from './demo-catalogue.ts';

// Balls in packs, indoor (26 large holes, softer) and outdoor (40 small holes, harder); court shoes
// in US sizes and two widths, in a colour or two.

type Court = 'Indoor' | 'Outdoor';
const HOLES: Record<Court, 26 | 40> = { Indoor: 26, Outdoor: 40 };

interface BallModel {
  brand: string;
  name: string;
  sku: string;
  description: string;
  releaseDate: string;
  isFeatured?: boolean;
  courts: Court[];
  /** pack size -> price */
  packs: Partial<Record<3 | 6 | 12 | 36 | 50 | 100, string>>;
  color: { label: string; hex: string };
  soldOut?: number[];
  low?: number[];
  approved: boolean;
}

function ball(m: BallModel, seed: number): DemoProduct {
  const packs = Object.keys(m.packs).map(Number) as (keyof BallModel['packs'])[];
  const rows = combinations<number | Court>([m.courts, packs]) as [Court, keyof BallModel['packs']][];
  const stock = stockSpread(rows.length, seed, { soldOut: m.soldOut, low: m.low });
  // a close-up per court (the holes differ), and the first court's balls as a group second
  const images: DemoImage[] = m.courts.map((court) => ({
    picture: { kind: 'ball', color: m.color.hex, holes: HOLES[court], view: 'single' },
    alt: `${m.name}, ${court.toLowerCase()} ball with ${HOLES[court]} holes`,
  }));
  const [firstCourt] = m.courts as [Court];
  images.splice(1, 0, {
    picture: { kind: 'ball', color: m.color.hex, holes: HOLES[firstCourt], view: 'group' },
    alt: `Three ${m.color.label.toLowerCase()} ${firstCourt.toLowerCase()} balls`,
  });
  return {
    brand: m.brand,
    type: 'balls',
    name: m.name,
    description: m.description,
    color: m.color.label,
    releaseDate: m.releaseDate,
    isFeatured: m.isFeatured ?? false,
    usapaStatus: m.approved ? 'approved' : 'not_stated',
    usapaCheckedOn: m.approved ? '2026-10-01' : null,
    images,
    variants: rows.map(([court, pack], i) => ({
      sku: [m.sku, m.courts.length > 1 && court.slice(0, 2).toUpperCase(), packs.length > 1 && pack].filter(Boolean).join('-'),
      price: m.packs[pack]!,
      stock: stock[i]!,
      options: { pack_size: `${pack}-pack`, court },
      image: m.courts.indexOf(court) === 0 ? 0 : 1 + m.courts.indexOf(court),
    })),
    attributes: [
      ...(m.courts.length === 1
        ? [{ key: 'hole_count', value: HOLES[m.courts[0]!] }]
        : rows.map(([court], variant) => ({ key: 'hole_count', variant, value: HOLES[court] }))),
      { key: 'diameter', value: 2.9 },
      ...(m.courts.length === 1
        ? [{ key: 'ball_weight', value: m.courts[0] === 'Indoor' ? 0.85 : 0.92 }]
        : rows.map(([court], variant) => ({ key: 'ball_weight', variant, value: court === 'Indoor' ? 0.85 : 0.92 }))),
    ],
  };
}

const BALLS: BallModel[] = [
  {
    brand: 'Dinkwell',
    name: 'Club Ball',
    sku: 'DNK-BL-001',
    description:
      'Seamless, rotationally moulded club balls: 40-hole outdoor for consistent flight in wind, 26-hole indoor for a true bounce on gym floors. Optic yellow.',
    releaseDate: '2024-03-11',
    isFeatured: true,
    courts: ['Outdoor', 'Indoor'],
    packs: { 6: '17.99', 12: '32.99', 36: '89.99' },
    color: { label: 'Optic Yellow', hex: '#d9f03c' },
    low: [4],
    soldOut: [5],
    approved: true,
  },
  {
    brand: 'Spinhaus',
    name: 'Tournament Pro Ball',
    sku: 'SPH-BL-001',
    description: 'Tournament-grade outdoor balls with a precise hole pattern and a crack-resistant shell that lasts through long matches.',
    releaseDate: '2025-07-14',
    courts: ['Outdoor'],
    packs: { 3: '11.99', 12: '39.99', 100: '289.99' },
    color: { label: 'Neon Green', hex: '#a3e635' },
    low: [0],
    approved: true,
  },
  {
    brand: 'Dinkwell',
    name: 'Gym Ball Indoor',
    sku: 'DNK-BL-003',
    description: 'Softer 26-hole indoor balls for gym floors. Slower pace and longer rallies with a true bounce on wood and sport tile.',
    releaseDate: '2024-03-11',
    courts: ['Indoor'],
    packs: { 6: '15.99', 12: '28.99' },
    color: { label: 'Orange', hex: '#f97316' },
    approved: false,
  },
  {
    brand: 'Courtcraft',
    name: 'Practice Ball Bucket',
    sku: 'CCR-BL-001',
    description: 'Durable practice balls by the hundred in a wheeled bucket. Built for coaches who feed thousands of balls a week.',
    releaseDate: '2024-10-07',
    courts: ['Outdoor'],
    packs: { 100: '119.99' },
    color: { label: 'White', hex: '#f5f5f4' },
    soldOut: [0],
    approved: false,
  },
];

interface ShoeModel {
  name: string;
  sku: string;
  description: string;
  releaseDate: string;
  isFeatured?: boolean;
  brand: string;
  price: string;
  /** US sizes */
  sizes: number[];
  widths: ('Regular' | 'Wide')[];
  colors: { label: string; upper: string; accent: string }[];
  sole: 'gum' | 'white' | 'dark';
  court: 'Indoor' | 'Outdoor' | 'All-court';
  fit: "Men's" | "Women's" | 'Unisex';
  weightOz: number;
  dropMm: number;
  soldOut?: number[];
  low?: number[];
}

const halves = (from: number, to: number) => Array.from({ length: (to - from) * 2 + 1 }, (_, i) => from + i / 2);
const wholes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function shoe(m: ShoeModel, seed: number): DemoProduct {
  const rows = combinations<number | string>([m.colors.map((_, i) => i), m.sizes, m.widths]) as [number, number, string][];
  const stock = stockSpread(rows.length, seed, { soldOut: m.soldOut, low: m.low });
  return {
    brand: m.brand,
    type: 'shoes',
    name: m.name,
    description: m.description,
    color: m.colors[0]!.label,
    releaseDate: m.releaseDate,
    isFeatured: m.isFeatured ?? false,
    images: m.colors.map((color) => ({
      picture: { kind: 'shoe', upper: color.upper, accent: color.accent, sole: m.sole },
      alt: `${m.name}, ${color.label}, side view`,
    })),
    variants: rows.map(([color, size, width], i) => ({
      sku: [m.sku, m.colors.length > 1 && m.colors[color]!.label.slice(0, 3).toUpperCase(), String(size).replace('.5', 'H'), m.widths.length > 1 && width[0]]
        .filter(Boolean)
        .join('-'),
      price: m.price,
      stock: stock[i]!,
      options: { shoe_size: `US ${size}`, width, ...(m.colors.length > 1 && { color: m.colors[color]!.label }) },
      image: color,
    })),
    attributes: [
      { key: 'court_type', value: m.court },
      { key: 'fit', value: m.fit },
      { key: 'shoe_weight', value: m.weightOz },
      { key: 'heel_drop', value: m.dropMm },
    ],
  };
}

const SHOES: ShoeModel[] = [
  {
    brand: 'Baseline Athletic',
    name: "Men's Court Glide",
    sku: 'BLA-SH-001',
    description:
      'A low-profile court shoe with a herringbone outsole, reinforced toe drag guard and a stable base for quick lateral moves. US 7-13 in half sizes, regular and wide.',
    releaseDate: '2025-03-24',
    isFeatured: true,
    price: '129.99',
    sizes: halves(7, 13),
    widths: ['Regular', 'Wide'],
    colors: [{ label: 'White/Blue', upper: '#f1f5f9', accent: '#1d4ed8' }],
    sole: 'white',
    court: 'All-court',
    fit: "Men's",
    weightOz: 13.2,
    dropMm: 8,
    soldOut: [0, 1, 24, 25],
    low: [6, 13],
  },
  {
    brand: 'Baseline Athletic',
    name: "Women's Court Glide",
    sku: 'BLA-SH-002',
    description: 'The Court Glide on a women-specific last with a narrower heel and extra forefoot cushioning. US 6-11 in half sizes, in two colourways.',
    releaseDate: '2025-03-24',
    price: '129.99',
    sizes: halves(6, 11),
    widths: ['Regular'],
    colors: [
      { label: 'White/Coral', upper: '#f8fafc', accent: '#fb7185' },
      { label: 'Navy/Mint', upper: '#1e3a8a', accent: '#6ee7b7' },
    ],
    sole: 'white',
    court: 'All-court',
    fit: "Women's",
    weightOz: 10.8,
    dropMm: 8,
    soldOut: [3, 15],
    low: [9],
  },
  {
    brand: 'Baseline Athletic',
    name: "Men's Baseline Max",
    sku: 'BLA-SH-003',
    description: 'Maximum cushioning and a wide platform for players who spend hours on hard courts. Six-month outsole durability guarantee.',
    releaseDate: '2026-01-12',
    price: '159.99',
    sizes: wholes(8, 13),
    widths: ['Regular', 'Wide'],
    colors: [{ label: 'Black/Volt', upper: '#1f2937', accent: '#c6f432' }],
    sole: 'dark',
    court: 'Outdoor',
    fit: "Men's",
    weightOz: 14.6,
    dropMm: 10,
    soldOut: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    low: [10, 11],
  },
  {
    brand: 'Erne & Co.',
    name: 'Indoor Court Classic',
    sku: 'ERN-SH-001',
    description: 'A gum-rubber indoor shoe that grips gym floors and leaves no marks. Canvas upper, vintage looks, modern insole. Unisex, US 6-12.',
    releaseDate: '2024-08-19',
    price: '99.99',
    sizes: wholes(6, 12),
    widths: ['Regular'],
    colors: [{ label: 'Cream', upper: '#efe6d2', accent: '#7c2d12' }],
    sole: 'gum',
    court: 'Indoor',
    fit: 'Unisex',
    weightOz: 11.5,
    dropMm: 4,
  },
];

export const DEMO_BALLS: DemoProduct[] = BALLS.map((model, i) => ball(model, 20 + i));
export const DEMO_SHOES: DemoProduct[] = SHOES.map((model, i) => shoe(model, 30 + i));
