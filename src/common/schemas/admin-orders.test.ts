import { describe, expect, it } from 'vitest';
import { TrackingInput } from './admin-orders.ts';
import { issueMessages } from './issue-messages.ts';

describe('TrackingInput', () => {
  it('trims and omits an empty URL', () => {
    expect(TrackingInput.parse({ trackingNumber: ' 1Z999 ', trackingUrl: '  ' })).toEqual({ trackingNumber: '1Z999' });
  });

  it.each([
    [{ trackingNumber: '   ' }, 'trackingNumber: Tracking number is required'],
    [{}, 'trackingNumber: Tracking number is required'],
    [{ trackingNumber: 'X', trackingUrl: 'ftp://x' }, 'trackingUrl: Tracking URL must be an http(s) URL'],
  ])('rejects %o', (input, message) => {
    expect(issueMessages(TrackingInput.safeParse(input))).toContain(message);
  });
});
