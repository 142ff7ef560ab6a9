import { Liquid } from 'liquidjs';

/**
 * The owner's words in an e-mail (decision 060): each template names its editable blocks (subject, heading,
 * intro, ...) with today's wording as the default, and the placeholders a block may use, shown by a sample.
 * Blocks are Liquid in strict mode: an unknown placeholder or filter is an error when the owner saves, never at
 * a send. They render to plain text; the HTML escapes the whole result, so neither the owner's words nor a
 * shopper's name can add markup. The structured parts (order lines, totals, links, buttons) stay in code.
 */
export interface EmailTemplateDefinition<Scope extends object = object, Block extends string = string> {
  key: string;
  /** the outbox kinds this template's e-mails are sent as; the key alone when not given */
  kinds?: readonly string[];
  label: string;
  /** who gets it and when, for the admin's list */
  description: string;
  /** a marketing e-mail: sent only to subscribers, with the unsubscribe link and headers */
  marketing?: boolean;
  /** block name to its default Liquid source: today's wording */
  defaults: Record<Block, string>;
  /** the placeholders' shape with made-up values: validation renders against it, the preview shows it */
  sample: Scope;
  /** the whole e-mail with the given blocks and the sample data, for the admin's preview and test send */
  preview(blocks: Record<string, string>): { subject: string; html: string; text: string };
}

export function defineEmailTemplate<Scope extends object, Block extends string>(
  definition: EmailTemplateDefinition<Scope, Block>,
): EmailTemplateDefinition<Scope, Block> {
  return definition;
}

// strict: `{{ order.nubmer }}` is an error, not an empty string; limits keep a loop in a block from
// holding a send (liquidjs has no eval: a block can only read the scope it is given)
const liquid = new Liquid({
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 20_000,
  renderLimit: 200,
  memoryLimit: 1_000_000,
});

export class EmailTemplateError extends Error {
  constructor(
    readonly block: string,
    reason: string,
  ) {
    super(`${block}: ${reason}`);
  }
}

function renderBlock(block: string, source: string, scope: object): string {
  try {
    return liquid.parseAndRenderSync(source, scope) as string;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new EmailTemplateError(block, reason);
  }
}

/** Renders every block against the scope; throws EmailTemplateError naming the first bad block. */
export function renderTextsStrict<Scope extends object, Block extends string>(
  definition: EmailTemplateDefinition<Scope, Block>,
  blocks: Partial<Record<string, string>>,
  scope: Scope,
): Record<Block, string> {
  const out: Partial<Record<string, string>> = {};
  for (const name of Object.keys(definition.defaults) as Block[]) out[name] = renderBlock(name, blocks[name] ?? definition.defaults[name], scope);
  if (out.subject !== undefined && !out.subject.trim()) throw new EmailTemplateError('subject', 'the subject must not be empty');
  return out as Record<Block, string>;
}

/**
 * The blocks for a send. Saved blocks were checked against the sample when saved; should one still fail
 * (a placeholder a later version no longer offers), the e-mail goes out with the default wording.
 */
export function renderTexts<Scope extends object, Block extends string>(
  definition: EmailTemplateDefinition<Scope, Block>,
  blocks: Partial<Record<string, string>> | undefined,
  scope: Scope,
): Record<Block, string> {
  if (blocks) {
    try {
      return renderTextsStrict(definition, blocks, scope);
    } catch {
      // fall through to the defaults: a wording problem never stops an e-mail
    }
  }
  return renderTextsStrict(definition, definition.defaults, scope);
}
