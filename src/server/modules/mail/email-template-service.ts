import { eq, sql } from 'drizzle-orm';
import type { EmailTemplateDetail, EmailTemplatePreview, EmailTemplateSummary } from '#common/schemas/email-templates.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { emailTemplates } from '#server/db/schema.ts';
import { invalidInput, notFound } from '#server/errors/domain-errors.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { loadEmailShell } from './templates/email-shell.ts';
import { EMAIL_TEMPLATES, findEmailTemplate } from './templates/registry.ts';
import { EmailTemplateError, renderTextsStrict, type EmailTemplateDefinition } from './templates/template-texts.ts';

/** The owner's saved blocks of one template, or undefined for the defaults; read in the sender's transaction. */
export async function readTemplateBlocks(db: Database | Transaction, key: string): Promise<Record<string, string> | undefined> {
  const [row] = await db.select({ blocks: emailTemplates.blocks }).from(emailTemplates).where(eq(emailTemplates.key, key));
  return row?.blocks;
}

function templateOrNotFound(key: string): EmailTemplateDefinition {
  const template = findEmailTemplate(key);
  if (!template) throw notFound('E-mail template not found');
  return template;
}

/** "order.number" → "PB-7K3Q9D" for every leaf of the sample: what the editor offers as placeholders. */
function placeholders(sample: object, prefix = ''): Array<{ name: string; example: string }> {
  return Object.entries(sample).flatMap(([name, value]) =>
    value !== null && typeof value === 'object' ? placeholders(value as object, `${prefix}${name}.`) : [{ name: `${prefix}${name}`, example: String(value) }],
  );
}

export async function listEmailTemplates(db: Database): Promise<EmailTemplateSummary[]> {
  const rows = await db.select({ key: emailTemplates.key, updatedAt: emailTemplates.updatedAt }).from(emailTemplates);
  const saved = new Map(rows.map((row) => [row.key, row.updatedAt]));
  return EMAIL_TEMPLATES.map((template) => ({
    key: template.key,
    label: template.label,
    description: template.description,
    marketing: template.marketing ?? false,
    edited: saved.has(template.key),
    updatedAt: saved.get(template.key)?.toISOString() ?? null,
  }));
}

export async function getEmailTemplate(db: Database, key: string): Promise<EmailTemplateDetail> {
  const template = templateOrNotFound(key);
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return {
    key: template.key,
    label: template.label,
    description: template.description,
    marketing: template.marketing ?? false,
    edited: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    blocks: { ...template.defaults, ...row?.blocks },
    defaults: template.defaults,
    placeholders: placeholders(template.sample),
  };
}

/**
 * The blocks checked as a send would render them, against the sample: an unknown block, placeholder or
 * filter, or a Liquid syntax error, is a 400 naming the block and the reason; nothing is saved.
 */
function checkedBlocks(template: EmailTemplateDefinition, blocks: Record<string, string>): Record<string, string> {
  const unknown = Object.keys(blocks).find((name) => !(name in template.defaults));
  if (unknown)
    throw invalidInput(`Invalid e-mail template: ${unknown}: this e-mail has no such block`, [{ path: `blocks.${unknown}`, message: 'No such block' }]);
  const complete = { ...template.defaults, ...blocks };
  try {
    renderTextsStrict(template, complete, template.sample);
  } catch (error) {
    if (!(error instanceof EmailTemplateError)) throw error;
    throw invalidInput(`Invalid e-mail template: ${error.message}`, [{ path: `blocks.${error.block}`, message: error.message.slice(error.block.length + 2) }]);
  }
  return complete;
}

/** Saves the owner's words after checking them; the next e-mail of this kind is sent with them. */
export async function saveEmailTemplate(db: Database, key: string, blocks: Record<string, string>): Promise<EmailTemplateDetail> {
  const complete = checkedBlocks(templateOrNotFound(key), blocks);
  await db
    .insert(emailTemplates)
    .values({ key, blocks: complete })
    .onConflictDoUpdate({ target: emailTemplates.key, set: { blocks: complete, updatedAt: sql`now()` } });
  return getEmailTemplate(db, key);
}

/** Back to the default words: the row goes, so a later change of the defaults reaches this shop too. */
export async function resetEmailTemplate(db: Database, key: string): Promise<EmailTemplateDetail> {
  templateOrNotFound(key);
  await db.delete(emailTemplates).where(eq(emailTemplates.key, key));
  return getEmailTemplate(db, key);
}

/** The whole e-mail with the given (unsaved) words and the sample data, for the editor's live preview. */
export async function previewEmailTemplate(key: string, blocks: Record<string, string>): Promise<EmailTemplatePreview> {
  const template = templateOrNotFound(key);
  const complete = checkedBlocks(template, blocks);
  await loadEmailShell();
  return template.preview(complete);
}

/**
 * The sample e-mail to an address the owner names, through the outbox like every e-mail (kind
 * "template-test:<key>", so it is never taken for a real one); with no blocks given, the saved words.
 */
export async function sendTemplateTest(
  { db, mail }: { db: Database; mail: MailService },
  key: string,
  to: string,
  blocks?: Record<string, string>,
): Promise<MailResult> {
  const template = templateOrNotFound(key);
  const complete = checkedBlocks(template, blocks ?? (await readTemplateBlocks(db, key)) ?? {});
  await loadEmailShell();
  const rendered = template.preview(complete);
  return mail.send({ kind: `template-test:${key}`, to, ...rendered, subject: `[Test] ${rendered.subject}` });
}
