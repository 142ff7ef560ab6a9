import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { useWishlist } from './use-wishlist.ts';

/** The product page's heart: saves the chosen variant (on the account signed in, in this browser otherwise). */
export function WishlistHeart({ variantId, itemName }: { variantId: number; itemName: string }) {
  const wishlist = useWishlist();
  const saved = wishlist.has(variantId);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={saved}
        disabled={wishlist.pending}
        onClick={() => wishlist.toggle(variantId)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
      >
        <Heart className={cn('h-5 w-5', saved ? 'fill-red-600 text-red-600' : 'text-gray-700')} aria-hidden="true" />
        {saved ? 'Saved to wishlist' : 'Save to wishlist'}
        {/* the name read out starts with the words on the button (WCAG 2.5.3), then says what is saved */}
        <span className="sr-only">: {itemName}</span>
      </button>
      {saved ? (
        <Link href="/wishlist" className="inline-flex min-h-11 items-center text-sm font-medium text-link hover:underline">
          View wishlist
        </Link>
      ) : null}
    </div>
  );
}
