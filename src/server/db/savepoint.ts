import type { Transaction } from './client.ts';

/**
 * Runs `work` in a savepoint of the caller's transaction: what it writes commits exactly when the
 * caller's change does (an e-mail with the event it tells of), and when it fails only its own writes
 * are undone, the failure is reported and the caller's change goes on.
 */
export async function inSavepoint(tx: Transaction, work: (savepoint: Transaction) => Promise<unknown>, onFailure: (error: unknown) => void): Promise<void> {
  try {
    await tx.transaction(work);
  } catch (error) {
    onFailure(error);
  }
}
