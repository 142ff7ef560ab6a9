import { describe, expect, it } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { ApiError } from './api-client.ts';
import { getPage, pageCount } from './get-page.ts';

// An admin list's page: the items in the body, the count of every page's items in X-Total-Count.

describe('getPage', () => {
  it('sends the filters as a query, leaving out the empty ones, and reads the total from the header', async () => {
    const api = fakeApi({ 'GET /api/orders': { json: [{ id: 1 }, { id: 2 }], headers: { 'X-Total-Count': '57' } } });
    const page = await getPage<{ id: number }>('/api/orders', { q: 'dana', status: '', page: 2, pageSize: 50, archived: undefined });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 57 });
    expect(api.sent[0]?.url).toBe('/api/orders?q=dana&page=2&pageSize=50');
  });

  it("says when the total is the server's estimate", async () => {
    fakeApi({ 'GET /api/orders': { json: [{ id: 1 }], headers: { 'X-Total-Count': '910000', 'X-Total-Count-Estimated': 'true' } } });
    expect(await getPage('/api/orders', {})).toEqual({ items: [{ id: 1 }], total: 910_000, estimated: true });
  });

  it('counts the items when the answer has no total', async () => {
    fakeApi({ 'GET /api/orders': ok([{ id: 1 }, { id: 2 }, { id: 3 }]) });
    expect((await getPage('/api/orders', {})).total).toBe(3);
  });

  it("throws the server's message with its status", async () => {
    fakeApi({ 'GET /api/orders': fails(403, 'Admin access required') });
    const failure = getPage('/api/orders', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'Admin access required' });
  });

  it('shows an empty list as one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
