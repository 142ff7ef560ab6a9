import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailTemplateBlocks,
  EmailTemplateDetail,
  EmailTemplateKeyParam,
  EmailTemplatePreview,
  EmailTemplateSummary,
  EmailTemplateTestSend,
  EmailTemplateTestSent,
} from '#common/schemas/email-templates.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  getEmailTemplate,
  listEmailTemplates,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
  sendTemplateTest,
} from './email-template-service.ts';
import type { MailService } from './mail-service.ts';

/** /api/admin/emails/templates: the owner's words in each e-mail (decision 060), with preview and test send. */
export const emailTemplateRoutes: FastifyPluginAsyncZod<{ db: Database; mail: MailService }> = async (app, { db, mail }) => {
  sendNoStore(app);
  app.get(
    '/admin/emails/templates',
    {
      onRequest: requireAdmin,
      schema: { summary: 'Every e-mail whose words can be edited', response: { 200: z.array(EmailTemplateSummary), ...errorResponses } },
    },
    async () => listEmailTemplates(db),
  );
  app.get(
    '/admin/emails/templates/:key',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'One e-mail template: its words, defaults and placeholders',
        params: EmailTemplateKeyParam,
        response: { 200: EmailTemplateDetail, ...errorResponses },
      },
    },
    async (request) => getEmailTemplate(db, request.params.key),
  );
  app.put(
    '/admin/emails/templates/:key',
    {
      onRequest: requireAdmin,
      schema: {
        summary: "Save the owner's words (checked first: a bad placeholder or syntax is a 400, nothing saved)",
        params: EmailTemplateKeyParam,
        body: EmailTemplateBlocks,
        response: { 200: EmailTemplateDetail, ...errorResponses },
      },
    },
    async (request) => saveEmailTemplate(db, request.params.key, request.body.blocks),
  );
  app.delete(
    '/admin/emails/templates/:key',
    {
      onRequest: requireAdmin,
      schema: { summary: 'Reset the e-mail to its default words', params: EmailTemplateKeyParam, response: { 200: EmailTemplateDetail, ...errorResponses } },
    },
    async (request) => resetEmailTemplate(db, request.params.key),
  );
  app.post(
    '/admin/emails/templates/:key/preview',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'The e-mail with these (unsaved) words and sample data',
        params: EmailTemplateKeyParam,
        body: EmailTemplateBlocks,
        response: { 200: EmailTemplatePreview, ...errorResponses },
      },
    },
    async (request) => previewEmailTemplate(request.params.key, request.body.blocks),
  );
  app.post(
    '/admin/emails/templates/:key/test',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Send the sample e-mail to an address, through the outbox',
        params: EmailTemplateKeyParam,
        body: EmailTemplateTestSend,
        response: { 200: EmailTemplateTestSent, ...errorResponses },
      },
    },
    async (request) => sendTemplateTest({ db, mail }, request.params.key, request.body.to, request.body.blocks),
  );
};
