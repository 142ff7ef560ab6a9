import { Link } from 'wouter';
import { MAX_COMPARE } from '#common/catalog-listing-terms.ts';
import { useCompare } from './use-compare.ts';

/**
 * A bar at the foot of the page while products are picked: how many (with their names when the page knows
 * them all), a Compare link (two or more) and Clear.
 */
export function CompareTray({ names = new Map() }: { names?: Map<number, string> }) {
  const compare = useCompare();
  if (compare.ids.length === 0) return null;
  const enough = compare.ids.length >= 2;
  const named = compare.ids.every((id) => names.has(id));
  return (
    <aside aria-label="Compare" className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <p className="text-sm text-gray-800">
          <span className="font-semibold">
            {compare.ids.length} of {MAX_COMPARE} picked
          </span>
          {named ? <span className="hidden sm:inline">: {compare.ids.map((id) => names.get(id)).join(', ')}</span> : null}
        </p>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={compare.clear}
            className="min-h-11 rounded-md border border-gray-300 px-4 text-sm font-medium text-gray-800 hover:bg-gray-100"
          >
            Clear
          </button>
          {enough ? (
            <Link
              href={`/compare?ids=${compare.ids.join(',')}`}
              className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:opacity-90"
            >
              Compare ({compare.ids.length})
            </Link>
          ) : (
            <span className="inline-flex min-h-11 items-center text-sm text-gray-700">Pick one more to compare</span>
          )}
        </div>
      </div>
    </aside>
  );
}
