// The paddle finder's quiz (docs/decisions/028): its questions and answers, and the address query that
// carries them. No zod here: the storefront's finder chunk reads answers without the schema library.

export const FINDER_QUESTIONS = [
  {
    key: 'skill',
    question: 'What is your level?',
    answers: [
      { value: 'beginner', label: 'New to the game (up to 3.0)' },
      { value: 'intermediate', label: 'Intermediate (3.0 to 4.0)' },
      { value: 'advanced', label: 'Advanced (4.0 and up)' },
    ],
  },
  {
    key: 'format',
    question: 'Singles or doubles?',
    answers: [
      { value: 'doubles', label: 'Mostly doubles' },
      { value: 'singles', label: 'Mostly singles' },
      { value: 'both', label: 'Both' },
    ],
  },
  {
    key: 'style',
    question: 'Power or control?',
    answers: [
      { value: 'control', label: 'Control: dinks, drops and resets' },
      { value: 'power', label: 'Power: drives and put-aways' },
      { value: 'balanced', label: 'A bit of both' },
    ],
  },
  {
    key: 'arm',
    question: 'Any arm or elbow concerns?',
    answers: [
      { value: 'yes', label: 'Yes, go easy on my arm' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    key: 'budget',
    question: 'Your budget?',
    answers: [
      { value: 'under-100', label: 'Under $100' },
      { value: '100-175', label: '$100 to $175' },
      { value: 'over-175', label: '$175 and up' },
      { value: 'any', label: 'No limit' },
    ],
  },
  {
    key: 'weight',
    question: 'Preferred weight?',
    answers: [
      { value: 'light', label: 'Light (under 7.8 oz)' },
      { value: 'mid', label: 'Mid (7.8 to 8.3 oz)' },
      { value: 'heavy', label: 'Heavy (over 8.3 oz)' },
      { value: 'unsure', label: 'Not sure' },
    ],
  },
] as const;

type FinderQuestionKey = (typeof FINDER_QUESTIONS)[number]['key'];
export const FINDER_QUESTION_KEYS = FINDER_QUESTIONS.map((question) => question.key) as [FinderQuestionKey, ...FinderQuestionKey[]];

/** Each answered question's answer. */
export type FinderAnswerValues = { -readonly [Q in (typeof FINDER_QUESTIONS)[number] as Q['key']]?: Q['answers'][number]['value'] };

/** The label of an answer, or null when the question has no such answer. */
export function answerLabel(question: string, answer: string): string | null {
  return FINDER_QUESTIONS.find((entry) => entry.key === question)?.answers.find((entry) => entry.value === answer)?.label ?? null;
}

/** The answers as an address query, in the quiz's order (unanswered questions left out). */
export function answersQuery(answers: Partial<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const key of FINDER_QUESTION_KEYS) {
    const value = answers[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The answers an address carries: each question's value when it is one of its answers; anything else is ignored (as FinderAnswers does). */
export function readAnswers(search: string): FinderAnswerValues {
  const params = new URLSearchParams(search);
  const answers: Partial<Record<FinderQuestionKey, string>> = {};
  for (const question of FINDER_QUESTIONS) {
    // a repeated question is no answer, as the API reads it
    const values = params.getAll(question.key);
    const value = values.length === 1 ? values[0] : undefined;
    const answer = question.answers.find((entry) => entry.value === value);
    if (answer) answers[question.key] = answer.value;
  }
  return answers as FinderAnswerValues;
}
