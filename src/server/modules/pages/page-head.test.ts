import { describe, expect, it } from 'vitest';
import { scriptJson } from './page-head.ts';

describe('structured data in a rendered page', () => {
  it('escapes what could end the script element', () => {
    const text = scriptJson({ description: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ description: '</script><script>alert(1)</script>' });
  });
});
