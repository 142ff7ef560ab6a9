import type { ProductDetail } from '#common/schemas/catalog.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import type { CartItem } from './cart-rules.ts';

/**
 * A product page's answer as the cart line its buy button would make: the product as the lists send it (not the
 * page's whole sheet), and the variant chosen when the product has several. A product with one variant, or a
 * variant no longer sold, is bought by its product id alone (lib/cart-variant.ts).
 */
export function lineFromProduct(detail: ProductDetail, variantId: number | null, quantity: number): CartItem {
  const {
    productType: _type,
    options: _options,
    variants: _variants,
    images: _images,
    attributes: _attributes,
    ratingAverage: _average,
    ratingCount: _count,
    video: _video,
    ...product
  } = detail;
  const variant = detail.variants.find((candidate) => candidate.id === variantId);
  if (detail.variants.length <= 1 || !variant) return { product, quantity };
  const image = detail.images.find((candidate) => candidate.id === variant.imageId);
  const cartVariant: CartVariant = {
    id: variant.id,
    name: variant.options.map((option) => option.label).join(' / '),
    sku: variant.sku,
    price: variant.price,
    stock: variant.stock,
    imageUrl: image?.url ?? detail.imageUrl,
  };
  return { product, variant: cartVariant, quantity };
}
