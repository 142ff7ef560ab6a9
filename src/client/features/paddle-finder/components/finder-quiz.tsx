import { useLocation } from 'wouter';
import { FINDER_QUESTIONS, answersQuery, type FinderAnswerValues } from '#common/paddle-finder-quiz.ts';
import { Button } from '#client/components/ui/button.tsx';

export const RESULTS_PATH = '/paddle-finder/results';

/**
 * The quiz: one group of choices per question, every one optional. A plain GET form, so without
 * JavaScript it still lands on the results with the answers in the address; with it, the app navigates.
 */
export function FinderQuiz({ answers }: { answers: FinderAnswerValues }) {
  const [, navigate] = useLocation();
  return (
    <form
      method="get"
      action={RESULTS_PATH}
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const query = answersQuery(Object.fromEntries([...form].map(([key, value]) => [key, String(value)])));
        navigate(query ? `${RESULTS_PATH}?${query}` : RESULTS_PATH);
      }}
    >
      {FINDER_QUESTIONS.map((question, index) => (
        <fieldset key={question.key} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
          <legend className="px-1 text-base font-semibold text-gray-900">
            <span className="text-gray-600">{index + 1}. </span>
            {question.question}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {question.answers.map((answer) => (
              <label
                key={answer.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm text-gray-900 hover:border-gray-400 has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="radio"
                  name={question.key}
                  value={answer.value}
                  defaultChecked={answers[question.key] === answer.value}
                  className="h-4 w-4 accent-primary"
                />
                {answer.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div>
        <Button type="submit" size="lg">
          Show my paddles
        </Button>
      </div>
    </form>
  );
}
