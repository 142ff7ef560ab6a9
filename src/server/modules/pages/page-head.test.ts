import { describe, expect, it } from 'vitest';
import { scriptJson } from './page-head.ts';

describe('structured data in a rendered page', () => {
  it('escapes what could end the script element', () => {
    const text = scriptJson({ description: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ description: '</script><script>alert(1)</script>' });
  });

  it('escapes comment openers, ampersands and line separators, and reads back as the same value', () => {
    const value = { text: '<!-- a & b -->', lines: 'one\u2028two\u2029three' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
