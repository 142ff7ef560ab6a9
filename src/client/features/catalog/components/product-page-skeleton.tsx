import { Skeleton, SkeletonRegion } from '#client/components/ui/skeleton.tsx';

/** A product page while it loads: breadcrumb, square image, name, price, purchase box (as ProductPage lays them out). */
export function ProductPageSkeleton() {
  return (
    <SkeletonRegion label="Loading product" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Skeleton className="mb-6 h-4 w-48" />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-5">
          <div className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-4/5 md:h-10" />
            <Skeleton className="h-4 w-32" />
          </div>
          <div className="flex items-center gap-3">
            <Skeleton className="h-9 w-28" />
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <Skeleton className="h-20 w-full rounded-lg" />
          <div className="grid gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <div className="flex gap-3">
            <Skeleton className="h-11 w-32" />
            <Skeleton className="h-11 flex-1" />
          </div>
        </div>
      </div>
    </SkeletonRegion>
  );
}
