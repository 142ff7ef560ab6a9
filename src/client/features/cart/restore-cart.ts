import type { RecoveredCart } from '#common/schemas/checkout-recovery.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import type { CartItem } from './cart-rules.ts';

/**
 * The lines of an abandoned-checkout reminder's link (`/cart?restore=<token>`, decision 056) as cart
 * lines: the server answers what is still for sale (at most today's stock), the product pages give
 * each line's product and variant as the product page would put them in the cart.
 */
export async function linesFromReminder(token: string): Promise<CartItem[]> {
  const { lines } = await getJson<RecoveredCart>(withQuery('/api/checkout-recovery/cart', { token }));
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const details = new Map((await Promise.all(productIds.map((id) => getJson<ProductDetail>(`/api/products/${id}`)))).map((detail) => [detail.id, detail]));
  return lines.flatMap((line): CartItem[] => {
    const detail = details.get(line.productId);
    if (!detail) return [];
    // the cart keeps the product as the lists send it, not the product page's whole sheet
    const {
      productType: _type,
      options: _options,
      variants: _variants,
      images: _images,
      attributes: _attributes,
      ratingAverage: _average,
      ratingCount: _count,
      ...product
    } = detail;
    const variant = detail.variants.find((candidate) => candidate.id === line.variantId);
    // a product with one variant is bought by its product id alone, as the product page does (lib/cart-variant.ts)
    if (detail.variants.length <= 1 || !variant) return [{ product, quantity: line.quantity }];
    const image = detail.images.find((candidate) => candidate.id === variant.imageId);
    const cartVariant: CartVariant = {
      id: variant.id,
      name: variant.options.map((option) => option.label).join(' / '),
      sku: variant.sku,
      price: variant.price,
      stock: variant.stock,
      imageUrl: image?.url ?? detail.imageUrl,
    };
    return [{ product, variant: cartVariant, quantity: line.quantity }];
  });
}
