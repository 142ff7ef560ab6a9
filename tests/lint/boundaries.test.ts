import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Every boundary rule in eslint.config.js breaks on purpose in a fixture (tests/lint-fixtures),
// linted as if it sat where the rule applies: a rule that silently stopped working fails here.

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures');
const eslint = new ESLint({ cwd: root });

async function lintAs(fixture: string, pretendPath: string) {
  const code = await readFile(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, pretendPath) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

// the first lint builds the TypeScript program the typed rules read (tens of seconds on a busy machine):
// done once here, so that no single check's time limit pays for it
beforeAll(() => lintAs('module-imports-service.ts', 'src/server/lint-fixture.ts'), 180_000);

// each lint reads the typed program again for its pretend path: seconds alone, tens of seconds on a busy 2-core host
describe('layout boundaries', { timeout: 90_000 }, () => {
  it.each([
    ['common-imports-server.ts', 'src/common/lint-fixture.ts', 'common imports nothing from server'],
    ['common-imports-client.ts', 'src/common/lint-fixture.ts', 'common imports nothing from client'],
    ['client-imports-server.ts', 'src/client/lib/lint-fixture.ts', 'the browser never imports server code'],
    ['feature-imports-feature.ts', 'src/client/features/cart/lint-fixture.ts', 'a feature does not import another feature'],
    ['lib-imports-feature.ts', 'src/client/lib/lint-fixture.ts', 'client lib is below features and app'],
    ['ui-imports-app.ts', 'src/client/components/ui/lint-fixture.ts', 'UI primitives are below features and app'],
    ['module-imports-routes.ts', 'src/server/modules/checkout/lint-fixture.ts', 'enters another only through its *-service.ts files'],
    ['module-imports-internal.ts', 'src/server/modules/checkout/lint-fixture.ts', 'enters another only through its *-service.ts files'],
    ['module-imports-composition-root.ts', 'src/server/modules/orders/lint-fixture.ts', 'a server module does not import the composition root'],
    ['module-imports-internal.ts', 'src/server/seed/lint-fixture.ts', "outside the modules only app.ts reaches past a module's *-service.ts files"],
    ['module-imports-internal.ts', 'src/server/lint-fixture.ts', "outside the modules only app.ts reaches past a module's *-service.ts files"],
    ['server-imports-client.ts', 'src/server/modules/pages/lint-fixture.ts', 'the server imports client code only through src/client/ssr-entry.tsx'],
    ['http-imports-module.ts', 'src/server/http/lint-fixture.ts', 'the HTTP layer is below the modules'],
    ['db-imports-module.ts', 'src/server/db/lint-fixture.ts', 'the database layer is below the modules'],
    ['errors-imports-http.ts', 'src/server/errors/lint-fixture.ts', 'the domain errors are below the modules and the HTTP layer'],
    ['module-imports-http-errors.ts', 'src/server/modules/coupons/lint-fixture.ts', 'outside its route files a module throws domain errors'],
  ])('%s is reported where it pretends to live (%s)', async (fixture, pretendPath, message) => {
    const messages = await lintAs(fixture, pretendPath);
    expect(
      messages.some((text) => text.startsWith('import-x/no-restricted-paths') && text.includes(message)),
      messages.join('\n'),
    ).toBe(true);
  });

  it('reports an import loop between two TypeScript files', async () => {
    const lint = new ESLint({ cwd: root, ignore: false });
    const results = await lint.lintFiles([path.join(fixtures, 'cycle-a.ts'), path.join(fixtures, 'cycle-b.ts')]);
    for (const result of results) expect(result.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('the same imports are fine where the layout allows them', async () => {
    // modules, the composition root and the seed may import a module's service files; a feature may import its own files
    expect(await lintAs('http-imports-module.ts', 'src/server/lint-fixture.ts')).toEqual([]);
    expect(await lintAs('module-imports-service.ts', 'src/server/modules/checkout/lint-fixture.ts')).toEqual([]);
    expect(await lintAs('module-imports-service.ts', 'src/server/seed/lint-fixture.ts')).toEqual([]);
    // app.ts registers the route plugins and the app's hooks, so it may reach into a module
    expect(await lintAs('module-imports-internal.ts', 'src/server/app.ts')).toEqual([]);
    // a route file answers in HTTP terms, so it may use the HTTP errors its services may not
    expect(await lintAs('module-imports-http-errors.ts', 'src/server/modules/coupons/lint-fixture-routes.ts')).toEqual([]);
    expect(await lintAs('lib-imports-feature.ts', 'src/client/features/checkout/lint-fixture.ts')).toEqual([]);
    // the server's pages render the client's tree through its SSR entry
    expect(await lintAs('server-imports-ssr-entry.ts', 'src/server/modules/pages/lint-fixture.ts')).toEqual([]);
  });
});
