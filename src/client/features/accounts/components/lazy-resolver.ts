import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * A react-hook-form resolver whose validation code is fetched on first use. The sign-in forms
 * validate with the shared zod schemas, and zod's core sits in a chunk shared with the admin pages
 * (about 14 KB gzip, docs/performance.md allows the route 30 KB): it loads when a visitor starts typing
 * (`preload` on focus) or, at the latest, on submit, instead of before the page can render.
 * A failed load is forgotten so the next attempt fetches again.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): { resolver: Resolver<Values, Context, Output>; preload: () => Promise<Resolver<Values, Context, Output>> } {
  let pending: Promise<Resolver<Values, Context, Output>> | undefined;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}

/**
 * `lazyResolver` for a shared zod schema: the schema's module and the zod resolver are fetched side by side (one
 * round trip), so the page's first load carries neither (decision 068).
 */
export function lazyZodResolver<Schema extends $ZodType<unknown, FieldValues>>(loadSchema: () => Promise<Schema>) {
  return lazyResolver<input<Schema>, unknown, output<Schema>>(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return zodResolver(schema) as Resolver<input<Schema>, unknown, output<Schema>>;
  });
}
