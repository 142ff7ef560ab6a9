import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { FinderRules } from '#common/schemas/paddle-finder.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useFinderRules, useResetFinderRules, useSaveFinderRules } from '../api/finder-rules.ts';
import { RulesSummary } from '../components/rules-summary.tsx';

const format = (rules: FinderRules) => JSON.stringify(rules, null, 2);

/** The problems of a refused save: each with its place in the rules, as the server lists them. */
function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && error.issues.length) return error.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  return error instanceof Error ? [error.message] : [];
}

/** /admin/paddle-finder: the finder's rules in words, and their text to edit, save or reset. */
export default function AdminFinderRulesPage() {
  useDocumentTitle('Paddle finder rules');
  const rules = useFinderRules();
  const save = useSaveFinderRules();
  const reset = useResetFinderRules();
  const [text, setText] = useState<string | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  // the editor starts from the shop's rules and follows a save or reset
  useEffect(() => {
    if (rules.data) setText(format(rules.data.rules));
  }, [rules.data]);

  const problems = parseError ? [parseError] : save.isError ? problemsOf(save.error) : [];
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Paddle finder rules</h1>
        <p className="mt-2 text-gray-700">
          Each answer of the{' '}
          <Link href="/paddle-finder" className="text-link underline">
            paddle finder
          </Link>{' '}
          can <strong>filter</strong> the paddles (with the shop&apos;s own filters: <code>price</code> as &quot;min-max&quot; dollars,{' '}
          <code>f.static_weight</code> as light, mid or heavy, or any spec filter) and <strong>prefer</strong> specs (<code>f.&lt;spec&gt;</code> or{' '}
          <code>o.&lt;option&gt;</code> with values, or a number&apos;s <code>min</code>/<code>max</code>). A paddle earns a preference&apos;s points when it
          meets it; the best scores come first, each with its top three reasons: &quot;Fits because &lt;reason&gt;, &lt;reason&gt; and &lt;reason&gt;.&quot; In
          a reason, <code>{'{value}'}</code> becomes the paddle&apos;s own value.
        </p>
      </div>
      {rules.isPending || text === null ? (
        <Spinner label="Loading the rules" />
      ) : rules.isError ? (
        <p role="alert">The rules could not be loaded: {rules.error.message}</p>
      ) : (
        <>
          <section aria-labelledby="rules-now" className="grid gap-3">
            <h2 id="rules-now" className="text-xl font-bold text-gray-900">
              The rules now {rules.data.isDefault ? <span className="text-base font-normal text-gray-600">(the defaults)</span> : null}
            </h2>
            <RulesSummary rules={rules.data.rules} />
          </section>
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              setParseError(null);
              let parsed: FinderRules;
              try {
                parsed = JSON.parse(text) as FinderRules;
              } catch (error) {
                setParseError(`The text is not valid JSON: ${(error as Error).message}`);
                return;
              }
              save.mutate(parsed);
            }}
          >
            <h2 className="text-xl font-bold text-gray-900">Edit</h2>
            <Label htmlFor="finder-rules">Rules (JSON)</Label>
            <Textarea
              id="finder-rules"
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={24}
              spellCheck={false}
              className="font-mono text-xs"
              aria-describedby={problems.length ? 'finder-rules-problems' : undefined}
            />
            {problems.length ? (
              <div id="finder-rules-problems" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">The rules were not saved:</p>
                <ul className="mt-1 list-disc pl-5">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={save.isPending}>
                Save rules
              </Button>
              <Button type="button" variant="outline" disabled={reset.isPending || rules.data.isDefault} onClick={() => reset.mutate()}>
                Restore the defaults
              </Button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
