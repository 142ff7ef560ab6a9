import type { RecoveredCart } from '#common/schemas/checkout-recovery.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';
import type { CartItem } from './cart-rules.ts';
import { lineFromProduct } from './line-from-product.ts';

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
    return detail ? [lineFromProduct(detail, line.variantId, line.quantity)] : [];
  });
}
