import { Skeleton, SkeletonRegion } from '#client/components/ui/skeleton.tsx';

/** Order history rows while they load: order, status badge, date, total. */
export function OrderHistorySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <SkeletonRegion label="Loading orders">
      <div className="divide-y divide-gray-100">
        <div className="flex gap-4 py-2">
          {['w-12', 'w-14', 'w-10', 'ml-auto w-10'].map((width) => (
            <Skeleton key={width} className={`h-4 ${width}`} />
          ))}
        </div>
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex items-center gap-4 py-3">
            <Skeleton className="h-4 w-12" />
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="ml-auto h-4 w-16" />
          </div>
        ))}
      </div>
    </SkeletonRegion>
  );
}

/** The whole profile page while the session or its code loads: the account card and the order history. */
export function ProfilePageSkeleton() {
  return (
    <SkeletonRegion label="Loading your profile" className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Skeleton className="h-9 w-48" />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="grid gap-4 self-start rounded-lg border border-gray-200 bg-white p-6">
          <Skeleton className="h-6 w-24" />
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="grid gap-1.5">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-4 w-32" />
            </div>
          ))}
          <Skeleton className="mt-2 h-10 w-full" />
        </div>
        <div className="grid gap-4 self-start rounded-lg border border-gray-200 bg-white p-6">
          <Skeleton className="h-6 w-36" />
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="flex items-center gap-4 py-1">
              <Skeleton className="h-4 w-12" />
              <Skeleton className="h-6 w-20 rounded-full" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="ml-auto h-4 w-16" />
            </div>
          ))}
        </div>
      </div>
    </SkeletonRegion>
  );
}
