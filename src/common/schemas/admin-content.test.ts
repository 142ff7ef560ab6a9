import { describe, expect, it } from 'vitest';
import { SiteSettingsInput } from './admin-content.ts';
import { issueMessages } from './issue-messages.ts';

describe('SiteSettingsInput', () => {
  it('treats empty strings as missing', () => {
    expect(SiteSettingsInput.parse({ siteTitle: '', taxRate: '', heroTitle: 'Play' })).toEqual({ heroTitle: 'Play' });
  });

  it.each([
    [{ taxRate: '101' }, 'taxRate: Tax rate must be between 0 and 100'],
    [{ taxRate: '-1' }, 'taxRate: Tax rate cannot be negative'],
    [{ shippingCost: '-0.01' }, 'shippingCost: Shipping cost cannot be negative'],
    [{ freeShippingThreshold: 'x' }, 'freeShippingThreshold: Free shipping threshold must be a number'],
    [{ primaryColor: 'blue' }, 'primaryColor: Primary color must be a color like #1e40af'],
    [{ fulfillmentEmail: 'nope' }, 'fulfillmentEmail: Fulfillment email must be a valid email address'],
  ])('rejects %o', (input, message) => {
    expect(issueMessages(SiteSettingsInput.safeParse(input))).toContain(message);
  });
});
