import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cartActions } from '#client/features/cart/cart-store.ts';
import OrderConfirmationPage from '#client/features/checkout/pages/order-confirmation-page.tsx';

/**
 * /order-confirmation: a paid order empties the cart (features/cart) and makes the order history and
 * the stock figures read again; composed here so checkout does not reach into the other features.
 */
export default function OrderConfirmationRoute() {
  const queryClient = useQueryClient();
  const onPaid = useCallback(() => {
    cartActions.clear();
    void queryClient.invalidateQueries({ queryKey: ['/api/orders/my-orders'] });
    void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/products') });
  }, [queryClient]);
  return <OrderConfirmationPage onPaid={onPaid} />;
}
