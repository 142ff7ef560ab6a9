import type { FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';

/**
 * A react-hook-form resolver whose validation code is fetched on first use. The sign-in forms
 * validate with the shared zod schemas, and zod's core sits in a chunk shared with the admin pages
 * (about 14 KB gzip, docs/performance.md allows the route 30 KB): it loads when a visitor starts typing
 * (`preload` on focus) or, at the latest, on submit, instead of before the page can render. The zod
 * resolver comes with it (`load` is handed it), so the page carries only react-hook-form itself.
 * A failed load is forgotten so the next attempt fetches again.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: (resolverOf: typeof zodResolver) => Promise<Resolver<Values, Context, Output>>,
): { resolver: Resolver<Values, Context, Output>; preload: () => Promise<Resolver<Values, Context, Output>> } {
  let pending: Promise<Resolver<Values, Context, Output>> | undefined;
  const preload = () =>
    (pending ??= import('@hookform/resolvers/zod').then((module) => load(module.zodResolver)).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}
