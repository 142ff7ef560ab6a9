import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '#common/schemas/accounts.ts';
import { lazyResolver, lazyZodResolver } from './lazy-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ username: string; password: string }>;

describe('lazyResolver', () => {
  it('loads once and validates with the shared schema and its messages', async () => {
    const load = vi.fn(async () => zodResolver(LoginInput));
    const { resolver, preload } = lazyResolver(load);
    void preload();
    const bad = await resolver({ username: '  ', password: '' }, undefined, options);
    expect(bad.errors.username?.message).toBe('Username is required');
    expect(bad.errors.password?.message).toBe('Password is required');
    const good = await resolver({ username: ' bob ', password: 'secret' }, undefined, options);
    expect(good.values).toEqual({ username: 'bob', password: 'secret' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed load', async () => {
    const inner: Resolver<{ a: string }> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(inner);
    const { resolver } = lazyResolver(load);
    await expect(resolver({ a: 'x' }, undefined, options as never)).rejects.toThrow('chunk failed');
    await expect(resolver({ a: 'x' }, undefined, options as never)).resolves.toEqual({ values: { a: 'x' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("with a schema: fetches it and the zod resolver, and checks with the schema's messages", async () => {
    const loadSchema = vi.fn(async () => LoginInput);
    const { resolver } = lazyZodResolver(loadSchema);
    const bad = await resolver({ username: '', password: '' }, undefined, options);
    expect(bad.errors.password?.message).toBe('Password is required');
    expect((await resolver({ username: ' bob ', password: 'secret' }, undefined, options)).values).toEqual({ username: 'bob', password: 'secret' });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });
});
