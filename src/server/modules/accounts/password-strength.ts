import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { invalidInput } from '#server/errors/domain-errors.ts';

export const WEAK_PASSWORD = 'Password is too easy to guess: use a longer phrase or mix in unusual words';
// zxcvbn's "safely unguessable against throttled online attacks" and up
const MIN_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

// loaded and built on first use: its dictionaries took a tenth of every start, and most requests never need them
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** Refuses common and guessable passwords, and ones built from the user's own name or e-mail. */
export async function assertStrongPassword(password: string, userInputs: string[] = []): Promise<void> {
  const { score } = (await strengthEstimator()).check(password, userInputs);
  if (score < MIN_SCORE) throw invalidInput(WEAK_PASSWORD, [{ path: 'password', message: WEAK_PASSWORD }]);
}
