import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { invalidInput } from '#server/errors/domain-errors.ts';

export const WEAK_PASSWORD = 'Password is too easy to guess: use a longer phrase or mix in unusual words';
// zxcvbn's "safely unguessable against throttled online attacks" and up
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

// built on first use: the dictionaries take a moment to load and most requests never need them
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return estimator;
}

/** Refuses common and guessable passwords, and ones built from the user's own name or e-mail. */
export function assertStrongPassword(password: string, userInputs: string[] = []): void {
  const { score } = strengthEstimator().check(password, userInputs);
  if (score < MIN_SCORE) throw invalidInput(WEAK_PASSWORD, [{ path: 'password', message: WEAK_PASSWORD }]);
}
