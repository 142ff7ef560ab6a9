import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { emailKindsOf, EMAIL_TEMPLATES } from './registry.ts';

// Nothing the shop e-mails is left out of the owner's editor silently: every `kind` a mail message is
// written with, anywhere in the server's code, must be a registered template's.

const serverRoot = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && ts.isIdentifier(property.name) ? property.name.text : null;

/** Every object literal with a `kind`, a `to` and a subject or rendered e-mail spread in (a mail message, whoever sends it): its kind as written. */
function sentKinds(): { literals: Map<string, string>; computed: string[] } {
  const literals = new Map<string, string>();
  const computed: string[] = [];
  for (const path of sourceFiles(serverRoot)) {
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = relative(serverRoot, path);
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map(propertyName);
        const kind = node.properties.find((property) => propertyName(property) === 'kind');
        const content = names.includes('subject') || node.properties.some(ts.isSpreadAssignment);
        if (kind && names.includes('to') && content && ts.isPropertyAssignment(kind)) {
          const value = kind.initializer;
          if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) literals.set(value.text, where);
          else computed.push(`${where}: ${value.getText(file)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { literals, computed };
}

const registered = new Set(EMAIL_TEMPLATES.flatMap(emailKindsOf));
const { literals, computed } = sentKinds();

describe('the e-mail template registry', () => {
  it('finds the mail messages in the code (the scan itself works)', () => {
    expect([...literals.keys()]).toEqual(expect.arrayContaining(['order-confirmation', 'gift-card', 'back-in-stock', 'checkout-reminder']));
  });

  it('has a template for every kind of e-mail the shop sends', () => {
    const unregistered = [...literals].filter(([kind]) => !registered.has(kind)).map(([kind, where]) => `${kind} (${where})`);
    expect(unregistered, 'e-mails sent without a template in templates/registry.ts').toEqual([]);
  });

  it('knows where each computed kind comes from', () => {
    // a kind that is not written out must be one of these, each shown to come from the registry
    expect(computed.sort()).toEqual([
      // the admin's test sends: a registered template's e-mail, marked as a test
      'modules/mail/email-template-service.ts: `template-test:${key}`',
      // the diagnostics page's test order e-mail, rendered by the order confirmation or shipped template
      'modules/mail/order-mail-service.ts: options.kind',
      // a return's step: orderReturnEmails' keys, registered below
      'modules/mail/order-mail-service.ts: template.key',
    ]);
  });

  it('has no template for an e-mail nobody sends, and no key twice', () => {
    const returnKinds = ['requested', 'approved', 'rejected', 'received'].map((step) => `return-${step}`);
    const sent = new Set([...literals.keys(), ...returnKinds]);
    expect([...registered].filter((kind) => !sent.has(kind))).toEqual([]);
    const keys = EMAIL_TEMPLATES.map((template) => template.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
