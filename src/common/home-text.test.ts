import { describe, expect, it } from 'vitest';
import { isSafeHref, parseRichText } from './home-text.ts';

describe('parseRichText', () => {
  it('reads paragraphs, lists, bold and links', () => {
    expect(parseRichText('Hello **players**.\nSecond line\n\n- [Paddles](/shop?type=paddles)\n- Balls')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'Hello ' },
          { kind: 'bold', text: 'players' },
          { kind: 'text', text: '. Second line' },
        ],
      },
      { kind: 'list', items: [[{ kind: 'link', text: 'Paddles', href: '/shop?type=paddles' }], [{ kind: 'text', text: 'Balls' }]] },
    ]);
  });

  it('keeps HTML as text and drops links to unsafe places, keeping their words', () => {
    expect(parseRichText('<script>alert(1)</script> [click](javascript:alert(1)) [x](//evil.test)')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: '<script>alert(1)</script> ' },
          { kind: 'text', text: 'click' },
          { kind: 'text', text: ') ' },
          { kind: 'text', text: 'x' },
        ],
      },
    ]);
  });

  it('allows shop paths and https only', () => {
    expect(isSafeHref('/paddle-finder')).toBe(true);
    expect(isSafeHref('https://usapickleball.org')).toBe(true);
    expect(isSafeHref('http://example.com')).toBe(false);
    expect(isSafeHref('//example.com')).toBe(false);
    expect(isSafeHref('data:text/html,hi')).toBe(false);
  });
});
