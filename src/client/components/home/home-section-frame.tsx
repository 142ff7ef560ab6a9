import type { ReactNode } from 'react';

/** A home page section's frame: its heading (named for screen readers by id) and the page's width. */
export function HomeSectionFrame({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `home-${id}`;
  return (
    <section aria-labelledby={title ? headingId : undefined} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      {title ? (
        <div className="mb-5 flex items-baseline justify-between gap-4">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
