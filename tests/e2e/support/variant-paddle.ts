import type { ProductWithVariantsFixture } from '#server/test/catalog-fixtures.ts';

/** The e2e catalogue's paddle sold in variants (variant-catalogue.ts writes it). */
export const VARIANT_PADDLE = {
  name: 'Zygo Vector Variant',
  description: 'A thermoformed raw carbon paddle in two core thicknesses and two grip sizes.',
  usapaStatus: 'approved',
  usapaCheckedOn: '2026-10-01',
  // 14 mm / 4 3/8 in is not made; 16 mm / 4 3/8 in is sold out
  variants: [
    { sku: 'ZYG-16-414', price: '189.00', compareAtPrice: '219.00', stock: 30, options: { core_thickness: '16 mm', grip_size: '4 1/4 in' }, image: 0 },
    {
      sku: 'ZYG-14-414',
      price: '179.00',
      stock: 25,
      options: { core_thickness: '14 mm', grip_size: '4 1/4 in' },
      image: 1,
      specs: { static_weight: [7.6, 8.0] },
    },
    { sku: 'ZYG-16-438', price: '189.00', stock: 0, options: { core_thickness: '16 mm', grip_size: '4 3/8 in' }, image: 0 },
  ],
  specs: { static_weight: [7.9, 8.3], shape: 'Elongated', face_material: 'Raw carbon', length: 16.5, grip_circumference: 4.25, balance_point: 245 },
} satisfies Omit<ProductWithVariantsFixture, 'images'>;
