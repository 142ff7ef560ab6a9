import { z } from 'zod';

/** The e-mails whose words the owner edits (decision 060): the list, one template, and the edits. */
export const EmailTemplateSummary = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  marketing: z.boolean(),
  /** the owner's words are saved (else the defaults are sent) */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplateSummary = z.infer<typeof EmailTemplateSummary>;

export const EmailTemplateDetail = EmailTemplateSummary.extend({
  /** block name to the Liquid source sent now (saved, else default) */
  blocks: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()),
  /** the placeholders a block may use, with the sample values the preview shows */
  placeholders: z.array(z.object({ name: z.string(), example: z.string() })),
});
export type EmailTemplateDetail = z.infer<typeof EmailTemplateDetail>;

const EMAIL_BLOCK_MAX = 2000;

export const EmailTemplateKeyParam = z.object({ key: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Unknown e-mail template') });

/** The blocks as the editor sends them; which names a template has is checked by the server. */
export const EmailTemplateBlocks = z.object({
  blocks: z.record(z.string().max(40), z.string().max(EMAIL_BLOCK_MAX, `A block is at most ${EMAIL_BLOCK_MAX} characters`)),
});

export const EmailTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailTemplatePreview = z.infer<typeof EmailTemplatePreview>;

export const EmailTemplateTestSend = EmailTemplateBlocks.partial().extend({
  to: z.email({ error: 'Enter a valid e-mail address' }).max(254),
});

export const EmailTemplateTestSent = z.object({ outboxId: z.number().int(), status: z.enum(['stored', 'queued']) });
