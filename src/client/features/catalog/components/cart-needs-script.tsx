/** Shown only with scripts off: the cart lives in the browser, so adding to it needs JavaScript (the page itself reads without). */
export function CartNeedsScript({ short = false }: { short?: boolean }) {
  return (
    <noscript>
      <p className="mt-1 text-sm text-gray-700">
        {short ? 'Adding to the cart needs JavaScript.' : 'Adding to the cart needs JavaScript: turn it on in your browser to shop.'}
      </p>
    </noscript>
  );
}
