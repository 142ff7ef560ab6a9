import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
// evaluated rather than added as a <script> tag: the shop's Content-Security-Policy rightly blocks inline scripts
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations as AxeViolation[];
}

const readable = (violations: AxeViolation[]) =>
  violations.map(
    (violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
  );

/** Runs axe-core on the page as it is now; serious and critical violations fail the test, listed readably. */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  const serious = (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(readable(serious), `axe on ${label}`).toEqual([]);
}

/** Every violation fails, moderate ones too (axe rates a skipped heading level, `heading-order`, moderate). */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  expect(readable(await axeViolations(page)), `axe on ${label}`).toEqual([]);
}
