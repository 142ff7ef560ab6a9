import { FINDER_QUESTIONS } from '#common/paddle-finder-quiz.ts';
import type { FinderPreference, FinderRules } from '#common/schemas/paddle-finder.ts';

/** "Shape: Widebody or Hybrid", "swing weight: at most 112". */
function preferenceCondition(preference: FinderPreference): string {
  if (preference.values) return `${preference.key} is ${preference.values.join(' or ')}`;
  if (preference.min !== undefined && preference.max !== undefined) return `${preference.key} within ${preference.min} to ${preference.max}`;
  return preference.min !== undefined ? `${preference.key} at least ${preference.min}` : `${preference.key} at most ${preference.max}`;
}

/** The rules in words, question by question: what each answer filters and what it prefers, with its reason. */
export function RulesSummary({ rules }: { rules: FinderRules }) {
  return (
    <div className="grid gap-4">
      {FINDER_QUESTIONS.map((question) => (
        <section key={question.key} aria-labelledby={`rules-${question.key}`} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <h3 id={`rules-${question.key}`} className="font-semibold text-gray-900">
            {question.question} <span className="font-normal text-gray-600">({question.key})</span>
          </h3>
          <dl className="mt-2 grid gap-3 text-sm">
            {question.answers.map((answer) => {
              const rule = rules.rules.find((entry) => entry.question === question.key && entry.answer === answer.value);
              const empty = !rule || (rule.filters.length === 0 && rule.prefers.length === 0);
              return (
                <div key={answer.value}>
                  <dt className="font-medium text-gray-900">
                    {answer.label} <span className="font-normal text-gray-600">({answer.value})</span>
                  </dt>
                  <dd className="mt-1 text-gray-700">
                    {empty ? (
                      'Changes nothing.'
                    ) : (
                      <ul className="grid gap-1">
                        {rule.filters.map((filter, index) => (
                          <li key={`filter-${index}`}>
                            Shows only {filter.key} = {filter.values.join(' or ')}
                          </li>
                        ))}
                        {rule.prefers.map((preference, index) => (
                          <li key={`prefer-${index}`}>
                            Prefers {preferenceCondition(preference)} (+{preference.points}): “{preference.reason}”
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
