import { eq } from 'drizzle-orm';
import { FINDER_MATCHES, FinderRules, type FinderAnswers, type FinderResult, type FinderRulesView } from '#common/schemas/paddle-finder.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { paddleFinderRules } from '#server/db/schema.ts';
import { invalidInput } from '#server/errors/domain-errors.ts';
import { listProductTypes, listSpecCandidates } from '#server/modules/catalog/catalog-service.ts';
import type { CatalogName, CatalogReferences } from '#server/modules/catalog-admin/catalog-admin-service.ts';
import { DEFAULT_FINDER_RULES } from './default-rules.ts';
import { byFit, chosenRules, scoreCandidate, shopQueryOf } from './finder-scoring.ts';
import { checkRules } from './rule-checks.ts';

// The paddle finder (docs/decisions/028): the owner's rules (one row, or the defaults in code) and the
// quiz's results, scored on the server from those rules and the products' specs.

/** More products than this within the filters: the available ones first are scored (a shop with thousands of paddles). */
const SCORED_AT_MOST = 500;

/** The shop's rules: the saved row when it still reads as rules, else the defaults. */
export async function readFinderRules(db: Database | Transaction): Promise<FinderRulesView> {
  const [row] = await db.select({ rules: paddleFinderRules.rules }).from(paddleFinderRules).where(eq(paddleFinderRules.id, 1)).limit(1);
  const saved = row ? FinderRules.safeParse(row.rules) : null;
  return saved?.success ? { rules: saved.data, isDefault: false } : { rules: DEFAULT_FINDER_RULES, isDefault: true };
}

async function keepRules(db: Database | Transaction, rules: FinderRules): Promise<void> {
  await db
    .insert(paddleFinderRules)
    .values({ id: 1, rules })
    .onConflictDoUpdate({ target: paddleFinderRules.id, set: { rules, updatedAt: new Date() } });
}

/** Keeps the owner's rules once they name only keys and values the catalogue has (400 naming each problem otherwise). */
export async function saveFinderRules(db: Database, rules: FinderRules): Promise<FinderRulesView> {
  const issues = checkRules(rules, await listProductTypes(db));
  if (issues.length) throw invalidInput(`Invalid paddle finder rules: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
  await keepRules(db, rules);
  return { rules, isDefault: false };
}

/** Back to the defaults in code (they follow future improvements until the owner saves again). */
export async function resetFinderRules(db: Database): Promise<FinderRulesView> {
  await db.delete(paddleFinderRules).where(eq(paddleFinderRules.id, 1));
  return { rules: DEFAULT_FINDER_RULES, isDefault: true };
}

/** GET /api/paddle-finder: the products within the answers' filters, best fit first, each with why it fits. */
export async function findPaddles(db: Database, answers: FinderAnswers): Promise<FinderResult> {
  const { rules } = await readFinderRules(db);
  const chosen = chosenRules(rules, answers);
  const shopQuery = shopQueryOf(rules.productType, chosen);
  const query = Object.fromEntries(new URLSearchParams(shopQuery));
  const { total, candidates } = await listSpecCandidates(db, query, SCORED_AT_MOST);
  const matches = candidates
    .map((candidate) => scoreCandidate(chosen, candidate))
    .sort(byFit)
    .slice(0, FINDER_MATCHES)
    .map(({ item, score, reasons, why }) => ({ product: item, score, reasons, why }));
  return { answers, shopQuery, total, matches };
}

const entriesOf = (rules: FinderRules) => rules.rules.flatMap((rule) => [...rule.filters, ...rule.prefers]);

/** Where the rules in effect name a catalogue record: the catalogue's admin asks before deleting one. */
async function finderNamesOf(db: Database | Transaction, name: CatalogName): Promise<string[]> {
  const { rules, isDefault } = await readFinderRules(db);
  const whose = isDefault ? "The paddle finder's default rules" : "The paddle finder's rules";
  const names = (key: string, value?: string) => entriesOf(rules).some((entry) => entry.key === key && (value === undefined || entry.values?.includes(value)));
  switch (name.kind) {
    case 'type':
      return rules.productType === name.slug ? [`${whose} recommend ${name.name}: point them at another type first`] : [];
    case 'attribute':
      return rules.productType === name.typeSlug && names(`f.${name.key}`) ? [`${whose} use ${name.name}`] : [];
    case 'axis':
      return names(`o.${name.key}`) ? [`${whose} use ${name.name}`] : [];
    case 'option-value':
      return names(`o.${name.axisKey}`, name.label) ? [`${whose} use ${name.label}`] : [];
  }
}

/** A renamed option value: the rules in effect that name it are kept with the new label (defaults too, as the owner's rules). */
async function renameInFinderRules(tx: Transaction, axisKey: string, from: string, to: string): Promise<void> {
  const { rules } = await readFinderRules(tx);
  const key = `o.${axisKey}`;
  if (!entriesOf(rules).some((entry) => entry.key === key && entry.values?.includes(from))) return;
  const renamed = <T extends { key: string; values?: string[] | undefined }>(entry: T): T =>
    entry.key === key && entry.values ? { ...entry, values: entry.values.map((value) => (value === from ? to : value)) } : entry;
  await keepRules(tx, {
    ...rules,
    rules: rules.rules.map((rule) => ({ ...rule, filters: rule.filters.map(renamed), prefers: rule.prefers.map(renamed) })),
  });
}

/** What the catalogue's admin is handed (services.ts) to keep the finder's rules true to the catalogue. */
export const finderCatalogReferences: CatalogReferences = { namedBy: finderNamesOf, optionValueRenamed: renameInFinderRules };
