import { Link } from 'wouter';
import { ShoppingCart } from '#client/components/ui/icons.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';

/** The cart icon with a badge counting the items in it. */
export function CartLink({ onClick }: { onClick: () => void }) {
  const { itemCount } = useCart();
  return (
    <Link
      href="/cart"
      aria-label={itemCount > 0 ? `Cart, ${itemCount} items` : 'Cart'}
      className={buttonClasses('ghost', 'icon', 'relative text-header-foreground')}
      onClick={onClick}
    >
      <ShoppingCart className="h-5 w-5" aria-hidden="true" />
      {itemCount > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {itemCount}
        </span>
      ) : null}
    </Link>
  );
}
