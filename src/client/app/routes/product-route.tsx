import ProductPage from '#client/features/catalog/pages/product-page.tsx';
import { ProductReviewsSlot } from './product-reviews-slot.tsx';

/** A product page with its reviews below: composed here, in the product page's chunk, as neither feature imports the other. */
export default function ProductRoute({ id }: { id: string }) {
  return <ProductPage id={id} belowFold={ProductReviewsSlot} />;
}
