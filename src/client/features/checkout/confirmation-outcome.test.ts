import { describe, expect, it } from 'vitest';
import { confirmationOutcome, confirmationParams } from './confirmation-outcome.ts';

const paid = { success: true, status: 'succeeded', orderId: 1, paymentStatus: 'succeeded' };
const pending = { success: false, status: 'requires_payment_method', orderId: 1, paymentStatus: 'pending' };
const failed = { success: false, status: 'requires_payment_method', orderId: 1, paymentStatus: 'failed' };

describe('confirmationParams', () => {
  it('reads payment_intent and redirect_status, blank as missing', () => {
    expect(confirmationParams('?payment_intent=pi_1&redirect_status=succeeded')).toEqual({
      paymentIntent: 'pi_1',
      redirectStatus: 'succeeded',
      keepsCart: false,
    });
    expect(confirmationParams('payment_intent=&redirect_status=')).toEqual({ paymentIntent: null, redirectStatus: null, keepsCart: false });
  });

  it("reads cart=kept, the mark of a buy-now payment (the product page's express checkout)", () => {
    expect(confirmationParams('?cart=kept&payment_intent=pi_1&redirect_status=succeeded')).toEqual({
      paymentIntent: 'pi_1',
      redirectStatus: 'succeeded',
      keepsCart: true,
    });
    expect(confirmationParams('?cart=other&payment_intent=pi_1').keepsCart).toBe(false);
  });
});

describe('confirmationOutcome', () => {
  it('trusts the server first: a paid intent is a success that clears the cart', () => {
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: null }, paid)).toEqual({
      kind: 'success',
      title: 'Payment Successful',
      clearsCart: true,
    });
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'failed' }, paid).kind).toBe('success');
  });

  it('otherwise follows redirect_status', () => {
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded' }, null)).toEqual({
      kind: 'success',
      title: 'Payment Successful',
      clearsCart: true,
    });
    expect(confirmationOutcome({ paymentIntent: null, redirectStatus: 'succeeded' }, null).kind).toBe('success');
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded' }, pending).kind).toBe('success');
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'failed' }, pending)).toEqual({ kind: 'error', title: 'Payment Failed' });
    expect(confirmationOutcome({ paymentIntent: null, redirectStatus: 'canceled' }, null)).toEqual({ kind: 'error', title: 'Payment Failed' });
  });

  it('assumes an order was received when there is an intent and no redirect status', () => {
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: null }, null)).toEqual({ kind: 'success', title: 'Order Received', clearsCart: false });
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: null }, pending).title).toBe('Order Received');
    // Stripe returns "processing" for payments that settle later
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'processing' }, pending).title).toBe('Order Received');
  });

  it('does not know the outcome with neither', () => {
    expect(confirmationOutcome({ paymentIntent: null, redirectStatus: null }, null)).toEqual({ kind: 'error', title: 'Payment Status Unknown' });
    expect(confirmationOutcome({ paymentIntent: null, redirectStatus: 'processing' }, null).title).toBe('Payment Status Unknown');
  });

  it('does not let a typed redirect_status=succeeded turn a recorded failure into a success', () => {
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded' }, failed)).toEqual({ kind: 'error', title: 'Payment Failed' });
  });

  it('a payment still settling (pay-later, bank) is received, neither a success nor a failure, even with redirect_status=succeeded', () => {
    const processing = { success: false, status: 'processing', orderId: 1, paymentStatus: 'pending' };
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded' }, processing)).toEqual({
      kind: 'success',
      title: 'Order Received',
      clearsCart: false,
    });
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'processing' }, processing).title).toBe('Order Received');
    // the shop's own record of a failure still wins over a typed success
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded' }, { ...processing, paymentStatus: 'failed' }).title).toBe(
      'Payment Failed',
    );
  });

  it('a buy-now payment never empties the cart', () => {
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded', keepsCart: true }, paid)).toEqual({
      kind: 'success',
      title: 'Payment Successful',
      clearsCart: false,
    });
    expect(confirmationOutcome({ paymentIntent: 'pi_1', redirectStatus: 'succeeded', keepsCart: true }, null)).toMatchObject({ clearsCart: false });
  });
});
