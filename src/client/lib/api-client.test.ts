import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, apiRequest, errorMessageOf, failureKind, getJson, withQuery } from './api-client.ts';

function respond(status: number, body: string, contentType: string | null, statusText = '') {
  const headers = new Headers(contentType ? { 'content-type': contentType } : {});
  return new Response(body === '' ? null : body, { status, statusText, headers });
}

afterEach(() => vi.unstubAllGlobals());

describe('generic error rule', () => {
  it('takes the message field, else the error field, else the whole JSON', () => {
    expect(errorMessageOf(400, 'Bad Request', '{"message":"Invalid coupon","error":"x"}', 'application/json').message).toBe('Invalid coupon');
    expect(errorMessageOf(400, 'Bad Request', '{"error":"Coupon expired"}', 'application/json; charset=utf-8').message).toBe('Coupon expired');
    expect(errorMessageOf(400, 'Bad Request', '{"code":7}', 'application/json').message).toBe('{"code":7}');
  });

  it('gives "{status}: {text}" for other answers, or the status text when empty', () => {
    expect(errorMessageOf(502, 'Bad Gateway', 'upstream down', 'text/plain').message).toBe('502: upstream down');
    expect(errorMessageOf(503, 'Service Unavailable', '', null).message).toBe('503: Service Unavailable');
  });
});

describe('apiRequest and getJson', () => {
  it('sends credentials always and a JSON content type only with a body', async () => {
    const fetchMock = vi.fn(async () => respond(200, '{"ok":true}', 'application/json'));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/logout');
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' });
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include', headers: undefined, body: undefined });
    expect(calls[1]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  it('throws ApiError with status and issues', async () => {
    vi.stubGlobal('fetch', async () =>
      respond(
        400,
        JSON.stringify({ message: 'Invalid input', issues: [{ path: 'email', message: 'Please enter a valid email address' }] }),
        'application/json',
      ),
    );
    const error = await apiRequest('POST', '/api/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', issues: [{ path: 'email', message: 'Please enter a valid email address' }] });
  });

  it('turns a 401 into null only when asked to', async () => {
    vi.stubGlobal('fetch', async () => respond(401, '{"message":"Not authenticated"}', 'application/json'));
    expect(await getJson('/api/user', { on401: 'returnNull' })).toBeNull();
    await expect(getJson('/api/user')).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
  });

  it('returns null for an empty answer', async () => {
    vi.stubGlobal('fetch', async () => respond(204, '', null));
    expect(await apiRequest('POST', '/api/logout')).toBeNull();
  });

  it("reads through the fetch a query's meta names (a server render's), not the platform's", async () => {
    const platform = vi.fn(async () => respond(200, '"platform"', 'application/json'));
    vi.stubGlobal('fetch', platform);
    const render = vi.fn(async () => respond(200, '"render"', 'application/json'));
    expect(await getJson('/api/brands', { meta: { fetch: render } })).toBe('render');
    expect(render).toHaveBeenCalledWith('/api/brands', expect.objectContaining({ credentials: 'include' }));
    expect(platform).not.toHaveBeenCalled();
    expect(await getJson('/api/brands', { meta: {} })).toBe('platform');
  });

  it('builds query strings from the defined values only', () => {
    expect(withQuery('/api/products', { brandId: 3, search: 'soft touch' })).toBe('/api/products?brandId=3&search=soft+touch');
    expect(withQuery('/api/products', { brandId: undefined, search: '' })).toBe('/api/products');
  });
});

describe('failures a page tells apart', () => {
  it('a 404 is not found, any other answer is the shop failing', async () => {
    vi.stubGlobal('fetch', async () => respond(404, '{"message":"Product not found"}', 'application/json'));
    expect(failureKind(await getJson('/api/products/9').catch((caught: unknown) => caught))).toBe('not-found');
    vi.stubGlobal('fetch', async () => respond(500, '{"message":"Internal Server Error"}', 'application/json'));
    expect(failureKind(await getJson('/api/products/9').catch((caught: unknown) => caught))).toBe('server');
    vi.stubGlobal('fetch', async () => respond(503, '', null, 'Service Unavailable'));
    expect(failureKind(await getJson('/api/products').catch((caught: unknown) => caught))).toBe('server');
  });

  it('no answer at all is a NetworkError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('POST', '/api/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(failureKind(error)).toBe('network');
  });

  it('a cancelled read stays an AbortError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(getJson('/api/products')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
