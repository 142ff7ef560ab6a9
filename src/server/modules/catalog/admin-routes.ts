import type { FastifyPluginAsync } from 'fastify';
import { BrandInput, FeaturedInput, ProductInput, ProductUpdateInput } from '#common/schemas/admin-catalog.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseId, parseInput } from '#server/http/errors.ts';
import { acceptMultipartForms, readImageForm } from '#server/http/multipart-form.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { createBrand, deleteBrand, setBrandFeatured, updateBrand } from './brand-admin-service.ts';
import { createProduct, deleteProduct, setProductFeatured, updateProduct } from './product-admin-service.ts';

const BrandUpdateInput = BrandInput.partial();

/** Brand and product writes, admins only (checked before the body is read). */
export const catalogAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, dataDir }) => {
  sendNoStore(app);
  await acceptMultipartForms(app);
  const deps = { db, dataDir };

  app.post('/brands', { onRequest: requireAdmin }, async (request, reply) => {
    const form = await readImageForm(request, 'image');
    const input = parseInput(BrandInput, form.fields);
    return reply.status(201).send(await createBrand(deps, input, form.image));
  });

  app.patch('/brands/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const form = await readImageForm(request, 'image');
    return updateBrand(deps, id, parseInput(BrandUpdateInput, form.fields), form.image);
  });

  app.delete('/brands/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    await deleteBrand(deps, id);
    return { id, deleted: true };
  });

  app.patch('/brands/:id/featured', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { isFeatured } = parseInput(FeaturedInput, request.body);
    return setBrandFeatured(db, id, isFeatured);
  });

  app.post('/products', { onRequest: requireAdmin }, async (request, reply) => {
    const form = await readImageForm(request, 'image');
    const input = parseInput(ProductInput, form.fields, 'Invalid product');
    return reply.status(201).send(await createProduct(deps, input, form.image));
  });

  app.patch('/products/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const form = await readImageForm(request, 'image');
    return updateProduct(deps, id, parseInput(ProductUpdateInput, form.fields, 'Invalid product'), form.image);
  });

  app.delete('/products/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { mode } = await deleteProduct(deps, id);
    // kept (hidden) when it appears in order history
    return { id, deleted: true, softDeleted: mode === 'soft' };
  });

  app.patch('/products/:id/featured', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const { isFeatured } = parseInput(FeaturedInput, request.body);
    return setProductFeatured(db, id, isFeatured);
  });
};
