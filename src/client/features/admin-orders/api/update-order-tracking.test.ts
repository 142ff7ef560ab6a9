import { describe, expect, it } from 'vitest';
import { trackingPayload } from './update-order-tracking.ts';

describe('trackingPayload', () => {
  it('trims both values and leaves an empty URL out', () => {
    expect(trackingPayload('  1Z999  ', '   ')).toEqual({ trackingNumber: '1Z999' });
    expect(trackingPayload('1Z999', ' https://track.example/1Z999 ')).toEqual({ trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' });
  });
});
