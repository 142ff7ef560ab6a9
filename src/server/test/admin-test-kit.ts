import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import type { SignedIn, TestApp } from './test-app.ts';

export interface FormFile {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipartBody(fields: Record<string, string | FormFile>): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

export const samplePng = (width = 64, height = 48) => canvas(width, height).png().toBuffer();
export const sampleJpeg = (width = 64, height = 48) => canvas(width, height).jpeg().toBuffer();

export const pngFile = async (filename = 'paddle.png'): Promise<FormFile> => ({ bytes: await samplePng(), filename, type: 'image/png' });

interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** what an admin would send; the guard must refuse before reading it */
  payload?: unknown;
  /** or a multipart form, as the brand, product and settings forms send */
  form?: Record<string, string | FormFile>;
}

/**
 * Anonymous 401, signed-in non-admin 403, and the
 * database snapshot taken by `state` is the same afterwards.
 */
export async function expectAdminOnly(t: TestApp, routes: AdminRoute[], state: () => Promise<unknown>): Promise<void> {
  const user = await t.signIn();
  const before = await state();
  for (const route of routes) {
    const body = route.form ? await multipartBody(route.form) : { payload: route.payload as InjectOptions['payload'], headers: {} };
    const options: InjectOptions = { method: route.method, url: route.url, ...body };
    const anonymous = await t.app.inject({ ...options, headers: { ...body.headers, origin: 'http://localhost:80' } });
    expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Not authenticated' });
    const regular = await user.inject(options);
    expect(regular.statusCode, `${route.method} ${route.url} regular user`).toBe(403);
    expect(regular.json()).toEqual({ message: 'Admin access required' });
  }
  expect(await state()).toEqual(before);
}

/** The owner's product type catalogue as the admin API answers it, and a type of it by slug. */
export function productTypeCatalog(admin: SignedIn) {
  const catalog = async () => ProductTypeCatalog.parse((await admin.inject({ method: 'GET', url: '/api/admin/product-types' })).json());
  const typeBySlug = async (slug: string) => (await catalog()).types.find((type) => type.slug === slug)!;
  return { catalog, typeBySlug };
}
