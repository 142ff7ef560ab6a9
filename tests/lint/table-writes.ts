import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Finds the statements of a server file that write a table: Drizzle's insert/update/delete called on a
// table of the schema, and INSERT INTO / UPDATE / DELETE FROM in SQL written as a template.

interface TableWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  line: number;
}

/** Every table of src/server/db/schema: the name it has in TypeScript -> its name in the database. */
export function schemaTables(schemaDir: string, files: string[]): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(match[1]!, match[2]!);
  }
  return tables;
}

const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

export function tableWrites(fileName: string, code: string, tables: Map<string, string>): TableWrite[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = new Set(tables.values());
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if ((method === 'insert' || method === 'update' || method === 'delete') && first && ts.isIdentifier(first) && tables.has(first.text))
        writes.push({ table: tables.get(first.text)!, kind: method, line: lineOf(node) });
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const match of node.text.matchAll(SQL_WRITE)) {
        const table = match[2]!.toLowerCase();
        if (!names.has(table)) continue;
        const verb = match[1]!.toLowerCase();
        writes.push({ table, kind: verb.startsWith('insert') ? 'insert' : verb === 'update' ? 'update' : 'delete', line: lineOf(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}
