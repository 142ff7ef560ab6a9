import ProductPage from '#client/features/catalog/pages/product-page.tsx';
import { BuyNowProvider } from '#client/features/catalog/components/buy-now-slot.tsx';
import { ProductBuyNowSlot } from './express-checkout-slot.tsx';
import { ProductReviewsSlot } from './product-reviews-slot.tsx';

/** A product page with its reviews below and express checkout's buy now: composed here, in the product page's chunk, as neither feature imports the other. */
export default function ProductRoute({ id }: { id: string }) {
  return (
    <BuyNowProvider value={ProductBuyNowSlot}>
      <ProductPage id={id} belowFold={ProductReviewsSlot} />
    </BuyNowProvider>
  );
}
