import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactInfoInput, PoliciesInput, ReturnPolicyInput, SiteSettingsInput } from '#common/schemas/admin-content.ts';
import { ContactInfo, Policies, SiteSettings } from '#common/schemas/content.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { acceptMultipartForms, readsImageForm } from '#server/http/multipart-form.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { ContentDeps } from './content-deps.ts';
import { saveContactInfo, savePolicies, saveReturnPolicy, saveSiteSettings } from './content-admin-service.ts';

/** Site settings (multipart with heroImage), contact info and policies; admins only. */
export const contentAdminRoutes: FastifyPluginAsyncZod<Pick<ContentDeps, 'db' | 'images'>> = async (app, { db, images }) => {
  sendNoStore(app);
  await acceptMultipartForms(app);

  app.post(
    '/site-settings',
    {
      onRequest: requireAdmin,
      preValidation: readsImageForm('heroImage'),
      config: { invalidInput: { body: 'Invalid site settings' } },
      schema: {
        summary: 'Save the site settings',
        description: 'A multipart form with an optional `heroImage` file (at most 5 MB), or the same fields as JSON without an image.',
        consumes: ['multipart/form-data', 'application/json'],
        body: SiteSettingsInput,
        response: { 200: SiteSettings, ...errorResponses },
      },
    },
    async (request) => saveSiteSettings({ db, images }, request.body, request.formImage),
  );

  app.post(
    '/contact-info',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid contact information' } },
      schema: { summary: 'Save the contact information', body: ContactInfoInput, response: { 200: ContactInfo, ...errorResponses } },
    },
    async (request) => saveContactInfo(db, request.body),
  );

  app.post(
    '/policies',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid policies' } },
      schema: { summary: 'Save the policies', body: PoliciesInput, response: { 200: Policies, ...errorResponses } },
    },
    async (request) => savePolicies(db, request.body),
  );
  app.put(
    '/return-policy',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid return policy' } },
      schema: {
        summary: 'Save the return window and conditions',
        description:
          'Days after delivery a customer may ask for a return (0: no returns) and the terms shown on product pages, the policies page and order e-mails.',
        body: ReturnPolicyInput,
        response: { 200: SiteSettings, ...errorResponses },
      },
    },
    async (request) => saveReturnPolicy(db, request.body),
  );
};
