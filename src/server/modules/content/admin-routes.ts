import type { FastifyPluginAsync } from 'fastify';
import { ContactInfoInput, PoliciesInput, SiteSettingsInput } from '#common/schemas/admin-content.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { parseInput } from '#server/http/errors.ts';
import { acceptMultipartForms, readImageForm } from '#server/http/multipart-form.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { saveContactInfo, savePolicies, saveSiteSettings } from './content-admin-service.ts';

/** Site settings (multipart with heroImage), contact info and policies; admins only. */
export const contentAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, dataDir }) => {
  sendNoStore(app);
  await acceptMultipartForms(app);

  app.post('/site-settings', { onRequest: requireAdmin }, async (request) => {
    const form = await readImageForm(request, 'heroImage');
    const input = parseInput(SiteSettingsInput, form.fields, 'Invalid site settings');
    return saveSiteSettings({ db, dataDir }, input, form.image);
  });

  app.post('/contact-info', { onRequest: requireAdmin }, async (request) => {
    return saveContactInfo(db, parseInput(ContactInfoInput, request.body, 'Invalid contact information'));
  });

  app.post('/policies', { onRequest: requireAdmin }, async (request) => {
    return savePolicies(db, parseInput(PoliciesInput, request.body, 'Invalid policies'));
  });
};
