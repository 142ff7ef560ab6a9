import { describe, expect, it } from 'vitest';
import { socialHref, socialLinks, telHref } from './contact-links.ts';

const info = { email: null, phone: null, address: null, businessHours: null, facebook: null, twitter: null, instagram: null, linkedin: null, updatedAt: '' };

describe('contact links', () => {
  it('shows social links only when set', () => {
    expect(socialLinks(info)).toEqual([]);
    expect(socialLinks({ ...info, instagram: 'instagram.com/shop', linkedin: '  ' })).toEqual([
      { network: 'instagram', label: 'Instagram', href: 'https://instagram.com/shop' },
    ]);
  });

  it('never links to a non-web scheme', () => {
    expect(socialHref('javascript:alert(1)')).toBeNull();
    expect(socialHref('https://facebook.com/shop')).toBe('https://facebook.com/shop');
    expect(socialHref('')).toBeNull();
  });

  it('makes tel: links from written numbers', () => {
    expect(telHref('(512) 555-0142')).toBe('tel:5125550142');
    expect(telHref('+1 512 555 0142')).toBe('tel:+15125550142');
  });
});
