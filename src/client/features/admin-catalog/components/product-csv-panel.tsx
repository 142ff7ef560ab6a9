import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import type { CsvImportResult } from '#common/schemas/product-csv.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { errorMessageOf } from '#client/lib/api-client.ts';

const EXPORT_URL = '/api/admin/products/export.csv';

/** Sends the file as it is (text/csv): the server parses it as it streams in. */
async function sendCsv(file: File, commit: boolean): Promise<CsvImportResult> {
  const response = await fetch(`/api/admin/products/import${commit ? '?commit=1' : ''}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'text/csv' },
    body: file,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(errorMessageOf(response.status, response.statusText, text, response.headers.get('content-type')).message);
  return JSON.parse(text) as CsvImportResult;
}

/** Products: export every product as CSV, and import one (a preview first; nothing is written while any row is wrong). */
export function ProductCsvPanel() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(commit: boolean) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendCsv(file, commit);
      setResult(answer);
      if (answer.committed || answer.written?.products) await queryClient.invalidateQueries();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Import and export products (CSV)</CardTitle>
        <CardDescription>One row per variant. Preview a file first: nothing is written while any row is wrong.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div>
          <a href={EXPORT_URL} download className={buttonClasses('outline')}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export products as CSV
          </a>
        </div>
        <label className="grid min-w-0 gap-1 text-sm font-medium text-gray-800">
          CSV file to import
          <input
            type="file"
            accept=".csv,text/csv"
            className="w-full min-w-0 text-sm"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </label>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={!file || busy} onClick={() => run(false)}>
            Preview import
          </Button>
          <Button type="button" disabled={!file || busy || !result || result.errors.length > 0 || result.committed} onClick={() => run(true)}>
            <Upload className="h-4 w-4" aria-hidden="true" /> Import
          </Button>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        {result ? <ImportSummary result={result} /> : null}
      </CardContent>
    </Card>
  );
}

function summaryLine(result: CsvImportResult, counts: string): string {
  if (result.committed) return `Imported: ${counts}.`;
  // a commit that stopped part-way (docs/product-csv.md): what is written stays written
  if (result.written)
    return `Stopped part-way: rows 2 to ${result.written.throughRow} were imported (${result.written.products} products written), nothing from row ${result.written.throughRow + 1} on.`;
  return `Preview: ${counts}. Nothing has been written yet.`;
}

function ImportSummary({ result }: { result: CsvImportResult }) {
  const counts = `${result.products} products, ${result.variants} variants: ${result.creates} new, ${result.updates} changed, ${result.unchanged} unchanged`;
  return (
    <div data-testid="csv-import-result" className="rounded-md bg-gray-50 p-3 text-sm">
      <p className="font-medium text-gray-800">{summaryLine(result, counts)}</p>
      {result.errors.length > 0 ? (
        <>
          <p role="alert" className="mt-1 text-red-700">
            {result.written
              ? 'The import stopped at this problem: fix it, then preview and import the file again.'
              : `${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}: nothing will be imported until they are fixed.`}
          </p>
          <table className="mt-2 w-full text-left text-xs">
            <thead>
              <tr>
                <th className="pr-2">Row</th>
                <th className="pr-2">Column</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error, index) => (
                <tr key={index}>
                  <td className="pr-2 align-top">{error.row}</td>
                  <td className="pr-2 align-top font-mono break-all">{error.column}</td>
                  <td className="align-top">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
