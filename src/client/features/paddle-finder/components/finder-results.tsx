import { Link } from 'wouter';
import { FINDER_QUESTIONS, answerLabel, answersQuery } from '#common/paddle-finder-quiz.ts';
import type { FinderResult } from '#common/schemas/paddle-finder.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { FinderMatchCard } from './finder-match-card.tsx';

/** The answers as given, the shop link with their filters, and the matches best first. */
export function FinderResults({ result }: { result: FinderResult }) {
  const answered = FINDER_QUESTIONS.flatMap((question) => {
    const value = result.answers[question.key];
    const label = value ? answerLabel(question.key, value) : null;
    return label ? [{ key: question.key, question: question.question, label }] : [];
  });
  const changeHref = `/paddle-finder${answered.length ? `?${answersQuery(result.answers)}` : ''}`;
  const shopHref = `/shop?${result.shopQuery}`;
  return (
    <section aria-labelledby="finder-results-heading" className="grid gap-5">
      <div>
        <h2 id="finder-results-heading" className="text-xl font-bold text-gray-900 md:text-2xl">
          {result.matches.length ? 'Your best matches' : 'No paddle fits every answer'}
        </h2>
        {answered.length ? (
          <ul aria-label="Your answers" className="mt-3 flex flex-wrap gap-2">
            {answered.map((answer) => (
              <li key={answer.key} className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800">
                <span className="sr-only">{answer.question} </span>
                {answer.label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-gray-700">You have not answered any question yet, so every paddle is listed.</p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={changeHref} className={buttonClasses('outline')}>
            Change answers
          </Link>
          {result.total > 0 ? (
            <Link href={shopHref} className={buttonClasses('link', 'default', 'px-0')}>
              See all {result.total} in the shop with these filters
            </Link>
          ) : null}
        </div>
      </div>
      {result.matches.length ? (
        <ol aria-label="Matching paddles, best first" className="grid gap-3">
          {result.matches.map((match, index) => (
            <FinderMatchCard key={match.product.id} match={match} rank={index + 1} />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-gray-700">
          Your budget and weight together leave no paddle in the shop. Change one of them, or choose “No limit” or “Not sure”.
        </p>
      )}
    </section>
  );
}
