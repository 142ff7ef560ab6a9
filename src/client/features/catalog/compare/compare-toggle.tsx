import { useCompare } from './use-compare.ts';

/** "Compare" on a product card or product page: adds the product to (or takes it out of) the compare pick. */
export function CompareToggle({ productId, productName }: { productId: number; productName: string }) {
  const compare = useCompare();
  const on = compare.has(productId);
  return (
    // the whole label is the tap target (44 px tall on phones): the box itself is 16 px
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-700 md:min-h-9">
      <input
        type="checkbox"
        className="h-4 w-4 accent-primary"
        checked={on}
        disabled={!on && compare.isFull}
        onChange={() => compare.toggle(productId)}
        aria-label={`Compare ${productName}`}
      />
      Compare
    </label>
  );
}
