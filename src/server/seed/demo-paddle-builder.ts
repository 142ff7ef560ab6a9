import { combinations, stockSpread, type DemoAttribute, type DemoImage, type DemoProduct, type DemoVariant } from './demo-catalogue.ts';
import type { PaddleFace, PaddlePicture } from './drawings/paddle.ts';

// A paddle as brands publish it: one model in a few core thicknesses, grip sizes and colours, with
// the spec values that differ by thickness (static and swing weight) set per variant.

type Thickness = 13 | 14 | 16;
type Grip = '4 in' | '4 1/8 in' | '4 1/4 in' | '4 3/8 in';
const GRIP_INCHES: Record<Grip, number> = { '4 in': 4, '4 1/8 in': 4.125, '4 1/4 in': 4.25, '4 3/8 in': 4.375 };
const FACE_MATERIAL: Record<PaddleFace, string> = { carbon: 'Raw carbon', kevlar: 'Carbon/Kevlar', fiberglass: 'Fiberglass', graphite: 'Graphite' };

export interface PaddleModel {
  brand: string;
  name: string;
  sku: string;
  description: string;
  releaseDate: string;
  isFeatured?: boolean;
  /** by core thickness */
  price: Partial<Record<Thickness, string>>;
  compareAtPrice?: string;
  grips: Grip[];
  colors: { label: string; accent: string }[];
  /** per variant in order thickness x grip x colour; default a steady spread */
  stock?: number[];
  soldOut?: number[];
  low?: number[];
  /** oz, by thickness */
  weight: Partial<Record<Thickness, [number, number]>>;
  swingWeight: Partial<Record<Thickness, number>>;
  twistWeight: number;
  balancePointMm?: number;
  shape: 'Elongated' | 'Hybrid' | 'Widebody' | 'Extra-elongated';
  length: number;
  width: number;
  handle: number;
  face: PaddleFace;
  faceBase?: string;
  core: 'Polypropylene honeycomb' | 'Polypropylene and foam' | 'Foam' | 'Nomex';
  texture: 'Raw peel-ply' | 'Painted grit' | 'Smooth';
  construction: 'Thermoformed' | 'Cold-pressed' | 'Edgeless';
  style: 'Control' | 'All-court' | 'Power';
  usapa: { status: 'approved' | 'not_approved' | 'not_stated'; checkedOn?: string };
  grip: string;
  graphic: PaddlePicture['graphic'];
  /** a close-up of the face as a third picture (the flagship models) */
  closeUp?: boolean;
}

const thicknessLabel = (mm: number) => `${mm} mm`;

export function paddle(m: PaddleModel, seed: number): DemoProduct {
  const thicknesses = (Object.keys(m.price).map(Number) as Thickness[]).sort((a, b) => a - b);
  const rows = combinations<Thickness | Grip | number>([thicknesses, m.grips, m.colors.map((_, i) => i)]) as [Thickness, Grip, number][];
  const stock = m.stock ?? stockSpread(rows.length, seed, { soldOut: m.soldOut, low: m.low });
  const look = (accent: string, view: PaddlePicture['view']): PaddlePicture => ({
    kind: 'paddle',
    view,
    length: m.length,
    width: m.width,
    handle: m.handle,
    thicknessMm: thicknesses.at(-1)!,
    face: m.face,
    base: m.faceBase,
    accent,
    grip: m.grip,
    graphic: m.graphic,
  });
  const first = m.colors[0]!;
  const images: DemoImage[] = [
    { picture: look(first.accent, 'face'), alt: `${m.name} paddle face, ${first.label}` },
    { picture: look(first.accent, 'edge'), alt: `${m.name} edge guard and ${thicknesses.map(thicknessLabel).join(' or ')} core` },
    ...m.colors.slice(1).map((color) => ({ picture: look(color.accent, 'face'), alt: `${m.name} paddle face, ${color.label}` })),
  ];
  // after the colours, so a colour's picture sits at 1 + its index
  if (m.closeUp) images.push({ picture: look(first.accent, 'detail'), alt: `${m.name} ${FACE_MATERIAL[m.face].toLowerCase()} face texture, close up` });
  const variants: DemoVariant[] = rows.map(([mm, grip, color], i) => ({
    sku: [
      m.sku,
      thicknesses.length > 1 && mm,
      m.grips.length > 1 && String(GRIP_INCHES[grip]).replace('.', ''),
      m.colors.length > 1 && m.colors[color]!.label.slice(0, 3).toUpperCase(),
    ]
      .filter(Boolean)
      .join('-'),
    price: m.price[mm]!,
    compareAtPrice: m.compareAtPrice ?? null,
    stock: stock[i]!,
    options: { core_thickness: thicknessLabel(mm), grip_size: grip, ...(m.colors.length > 1 && { color: m.colors[color]!.label }) },
    image: color === 0 ? 0 : 1 + color,
  }));
  const perThickness = (key: string, value: (mm: Thickness) => DemoAttribute['value']): DemoAttribute[] =>
    thicknesses.length === 1 ? [{ key, value: value(thicknesses[0]!) }] : rows.map(([mm], variant) => ({ key, variant, value: value(mm) }));
  const perGrip: DemoAttribute[] =
    m.grips.length === 1
      ? [{ key: 'grip_circumference', value: GRIP_INCHES[m.grips[0]!] }]
      : rows.map(([, grip], variant) => ({ key: 'grip_circumference', variant, value: GRIP_INCHES[grip] }));
  const attributes: DemoAttribute[] = [
    ...perThickness('static_weight', (mm) => ({ min: m.weight[mm]![0], max: m.weight[mm]![1] })),
    { key: 'shape', value: m.shape },
    { key: 'face_material', value: FACE_MATERIAL[m.face] },
    { key: 'length', value: m.length },
    { key: 'width', value: m.width },
    { key: 'handle_length', value: m.handle },
    ...perGrip,
    { key: 'core_material', value: m.core },
    { key: 'surface_texture', value: m.texture },
    { key: 'construction', value: m.construction },
    ...perThickness('swing_weight', (mm) => m.swingWeight[mm]!),
    { key: 'twist_weight', value: m.twistWeight },
    ...(m.balancePointMm === undefined ? [] : [{ key: 'balance_point', value: m.balancePointMm }]),
    { key: 'play_style', value: m.style },
  ];
  return {
    brand: m.brand,
    type: 'paddles',
    name: m.name,
    description: m.description,
    thickness: thicknesses.map((mm) => `${mm}mm`).join(', '),
    color: first.label,
    releaseDate: m.releaseDate,
    isFeatured: m.isFeatured ?? false,
    usapaStatus: m.usapa.status,
    usapaCheckedOn: m.usapa.checkedOn ?? null,
    images,
    variants,
    attributes,
  };
}
