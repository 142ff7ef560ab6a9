import { useLocation, useSearch } from 'wouter';
import { answersQuery, readAnswers } from '#common/paddle-finder-quiz.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useFinderResult } from '../api/get-finder-result.ts';
import { FinderQuiz, RESULTS_PATH } from '../components/finder-quiz.tsx';
import { FinderResults } from '../components/finder-results.tsx';

/** The results of the answers in the address (/paddle-finder/results?skill=...): shareable as a link. */
function ResultsSection({ query }: { query: string }) {
  const result = useFinderResult(query);
  if (result.isPending) return <Spinner label="Finding your paddles" />;
  if (result.isError)
    return <LoadError title="Your matches could not be loaded" error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />;
  return <FinderResults result={result.data} />;
}

/** The paddle finder: the quiz at /paddle-finder (answers in the address pre-fill it), the results at /paddle-finder/results. */
export default function PaddleFinderPage() {
  const [location] = useLocation();
  const search = useSearch();
  const answers = readAnswers(search);
  const onResults = location === RESULTS_PATH;
  useDocumentTitle(onResults ? 'Your paddle matches' : 'Paddle finder');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-10 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">{onResults ? 'Your paddle matches' : 'Find your paddle'}</h1>
      <p className="mt-2 text-gray-700">
        {onResults
          ? 'Paddles within your budget and weight, the best fit for your game first, with why each one fits.'
          : 'Six quick questions about your game. Skip any you are unsure of; you can share the results as a link.'}
      </p>
      <div className="mt-6">{onResults ? <ResultsSection query={answersQuery(answers)} /> : <FinderQuiz answers={answers} />}</div>
    </div>
  );
}
