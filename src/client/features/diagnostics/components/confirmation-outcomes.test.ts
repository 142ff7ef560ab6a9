import { describe, expect, it } from 'vitest';
import { CONFIRMATION_OUTCOMES, confirmationHref } from './confirmation-outcomes.ts';

describe('confirmation outcomes', () => {
  it('links to each outcome of the confirmation page', () => {
    expect(CONFIRMATION_OUTCOMES.map((outcome) => confirmationHref(outcome.query))).toEqual([
      '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=succeeded',
      '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=failed',
      '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=canceled',
      '/order-confirmation?payment_intent=pi_confirmation_test',
      '/order-confirmation',
    ]);
  });
});
