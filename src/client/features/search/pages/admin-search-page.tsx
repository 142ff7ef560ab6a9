import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { TermCount } from '#common/schemas/search.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useDeleteSynonym, useSaveSynonym, useSearchTerms, useSynonyms } from '../api/admin-search.ts';

/** /admin/search: the owner's synonyms, and what shoppers searched for (and did not find) lately. */
export default function AdminSearchPage() {
  useDocumentTitle('Search');
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Search</h1>
        <p className="mt-2 text-gray-700">
          The shop search forgives typos of the catalogue&apos;s words on its own. Synonyms teach it the words shoppers use that your products do not.
        </p>
      </div>
      <Synonyms />
      <SearchTerms />
    </div>
  );
}

function Synonyms() {
  const synonyms = useSynonyms();
  const save = useSaveSynonym();
  const remove = useDeleteSynonym();
  const [term, setTerm] = useState('');
  const [meanings, setMeanings] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const words = meanings
      .split(',')
      .map((meaning) => meaning.trim())
      .filter(Boolean);
    save.mutate({ term, meanings: words }, { onSuccess: () => (setTerm(''), setMeanings('')) });
  }

  return (
    <section aria-labelledby="synonyms" className="grid gap-4">
      <h2 id="synonyms" className="text-xl font-bold text-gray-900">
        Synonyms
      </h2>
      <form onSubmit={submit} className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor="synonym-term">Shoppers type</Label>
          <Input id="synonym-term" value={term} onChange={(event) => setTerm(event.target.value)} placeholder="racket" required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="synonym-meanings">Find (comma-separated)</Label>
          <Input id="synonym-meanings" value={meanings} onChange={(event) => setMeanings(event.target.value)} placeholder="paddle" required />
        </div>
        <Button type="submit" disabled={save.isPending}>
          Save synonym
        </Button>
        {save.isError ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {save.error.message}
          </p>
        ) : null}
      </form>
      {synonyms.isPending ? (
        <Spinner label="Loading the synonyms" />
      ) : synonyms.isError ? (
        <p role="alert">The synonyms could not be loaded: {synonyms.error.message}</p>
      ) : synonyms.data.length === 0 ? (
        <p className="text-gray-700">No synonyms yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {synonyms.data.map((synonym) => (
            <li key={synonym.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
              <span>
                <strong>{synonym.term}</strong> → {synonym.meanings.join(', ')}
              </span>
              <Button variant="outline" size="sm" onClick={() => remove.mutate(synonym)} aria-label={`Delete the synonym ${synonym.term}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SearchTerms() {
  const report = useSearchTerms();
  return (
    <section aria-labelledby="search-terms" className="grid gap-4">
      <h2 id="search-terms" className="text-xl font-bold text-gray-900">
        Search terms{report.data ? `, last ${report.data.days} days` : ''}
      </h2>
      {report.isPending ? (
        <Spinner label="Loading the search terms" />
      ) : report.isError ? (
        <p role="alert">The search terms could not be loaded: {report.error.message}</p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2">
          <TermTable title="Top searches" rows={report.data.top} empty="No searches yet." />
          <TermTable title="Searches that found nothing" rows={report.data.zeroResults} empty="Every search found something." />
        </div>
      )}
    </section>
  );
}

function TermTable({ title, rows, empty }: { title: string; rows: TermCount[]; empty: string }) {
  return (
    <div>
      <h3 className="font-semibold text-gray-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-left text-gray-700">
              <th scope="col" className="py-1 font-medium">
                Term
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Searches
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.term} className="border-b border-gray-100">
                <td className="py-1">
                  <Link href={`/shop?search=${encodeURIComponent(row.term)}`} className="text-link underline-offset-4 hover:underline">
                    {row.term}
                  </Link>
                </td>
                <td className="py-1 text-right tabular-nums">{row.searches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
