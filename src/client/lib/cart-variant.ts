/**
 * The variant a cart line buys, for a product with several variants, as the cart keeps it. A product with
 * one variant is bought by its product id alone (as carts stored before variants were), so a card's line
 * and the product page's line of the same product are one line. Here because the cart keeps it and the
 * catalogue's pages hand it over (through app's cart bridge), and neither feature imports the other.
 */
export interface CartVariant {
  id: number;
  /** the option values, "16 mm / 4 1/4 in" */
  name: string;
  sku: string | null;
  price: string;
  stock: number;
  imageUrl: string | null;
}
