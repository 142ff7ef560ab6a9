import { Skeleton, SkeletonRegion } from '#client/components/ui/skeleton.tsx';

/** One product card's shape: on phones image beside text, from sm image above text (as ProductCard). */
function CardSkeleton() {
  return (
    <li className="flex">
      <div className="flex w-full flex-row overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm sm:flex-col">
        <Skeleton className="aspect-square w-32 shrink-0 rounded-none sm:w-full" />
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-3 sm:p-4">
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="hidden h-4 w-full md:block" />
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            <Skeleton className="h-6 w-16" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </li>
  );
}

/** The shop grid while its products load: the same columns and card shapes, so nothing jumps when they arrive. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SkeletonRegion label="Loading products">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          <CardSkeleton key={index} />
        ))}
      </ul>
    </SkeletonRegion>
  );
}

/** The whole shop page while its code loads: title, brand filter and grid. */
export function ShopPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex items-end justify-between gap-3 border-b border-gray-200 pb-4">
        <Skeleton className="h-8 w-56 md:h-9" />
        <Skeleton className="h-4 w-20" />
      </div>
      <div className="grid gap-6 md:grid-cols-[14rem_1fr] lg:gap-8">
        <div>
          <Skeleton className="h-11 w-36 md:hidden" />
          <div className="hidden flex-col gap-3 md:flex">
            <Skeleton className="h-5 w-24" />
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
        </div>
        <ProductGridSkeleton />
      </div>
    </div>
  );
}
