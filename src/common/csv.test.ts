import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('pat@example.com')).toBe('pat@example.com');
    expect(csvField('Hopper, Grace')).toBe('"Hopper, Grace"');
    expect(csvField('Pat "Dink" Player')).toBe('"Pat ""Dink"" Player"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('toCsv', () => {
  it('writes a header row and the rows, each ended by CRLF', () => {
    expect(
      toCsv(
        ['email', 'name'],
        [
          ['a@x.test', 'A, B'],
          ['c@x.test', null],
        ],
      ),
    ).toBe('email,name\r\na@x.test,"A, B"\r\nc@x.test,\r\n');
  });
});
