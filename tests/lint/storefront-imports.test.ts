import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { classifyLazyChunk } from '../../bench/bundle.ts';

// The storefront's code (the entry and every shop route the router loads) reaches no admin module through a static
// import: the bundler puts what a route imports statically in the files fetched with it, so one shared schema file
// re-exporting an admin schema (decision 068's follow-up: the gift card schemas brought the admin lists' to the
// product page) makes every shopper download owner code. Dynamic import() is where the admin pages may start.

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const clientDir = path.join(src, 'client');

/** Admin code: the admin areas and diagnostics pages (as the bundle bench classifies them), and the admin schemas. */
function isAdminModule(file: string): boolean {
  const fromSrc = path.relative(src, file);
  if (/^common\/schemas\/admin-/.test(fromSrc)) return true;
  return fromSrc.startsWith('client/') && classifyLazyChunk(path.relative(clientDir, file)) === 'admin';
}

function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#client/')) target = path.join(clientDir, specifier.slice('#client/'.length));
  else if (specifier.startsWith('#common/')) target = path.join(src, 'common', specifier.slice('#common/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  return /\.(tsx?|css)$/.test(target) ? target : null;
}

/** The modules a file imports so that they load with it: not `import type`, not imports of types only, not import(). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (onlyTypes) continue;
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text);
      if (target && !target.endsWith('.css')) found.push(target);
    }
  }
  return found;
}

/** Each admin module reached from `start` by static imports, with the chain that reaches it. */
function adminReachedFrom(start: string): string[] {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  const reached: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imported of staticImports(file)) {
      if (chains.has(imported)) continue;
      const chain = [...chains.get(file)!, imported];
      chains.set(imported, chain);
      if (isAdminModule(imported)) reached.push(chain.map((step) => path.relative(root, step)).join(' -> '));
      else queue.push(imported);
    }
  }
  return reached;
}

const router = path.join(clientDir, 'app/router.tsx');
const routes = [...readFileSync(router, 'utf8').matchAll(/import\('([^']+)'\)/g)]
  .map((match) => resolveImport(router, match[1]!)!)
  .filter((file) => classifyLazyChunk(path.relative(clientDir, file)) !== 'admin');

describe('storefront imports', () => {
  it('finds the shop routes in the router', () => {
    expect(routes.map((file) => path.relative(clientDir, file))).toEqual(
      expect.arrayContaining([
        'features/catalog/pages/shop-page.tsx',
        'app/routes/product-route.tsx',
        'app/routes/cart-route.tsx',
        'app/routes/checkout-route.tsx',
      ]),
    );
  });

  it.each([path.join(clientDir, 'main.tsx'), ...routes].map((file) => [path.relative(root, file), file]))(
    '%s reaches no admin module by a static import',
    (_name, file) => {
      expect(adminReachedFrom(file)).toEqual([]);
    },
  );

  it('would report an admin schema reached through a shared one', () => {
    // the gift card schemas import the admin lists' for the owner's list query: reaching them brings admin code
    expect(adminReachedFrom(path.join(src, 'common/schemas/gift-cards.ts'))).toEqual(['src/common/schemas/gift-cards.ts -> src/common/schemas/admin-lists.ts']);
  });
});
