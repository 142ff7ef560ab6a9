import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutralisedCell, plainCell, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks (RFC 4180, CRLF)', () => {
    expect(
      toCsv(
        ['email', 'name'],
        [
          ['pat@example.com', 'Hopper, Grace'],
          ['c@x.test', 'Pat "Dink" Player'],
          ['d@x.test', 'two\nlines'],
          ['e@x.test', 'a lone\rreturn'],
          ['f@x.test', null],
        ],
      ),
    ).toBe(
      'email,name\r\npat@example.com,"Hopper, Grace"\r\nc@x.test,"Pat ""Dink"" Player"\r\nd@x.test,"two\nlines"\r\ne@x.test,"a lone\rreturn"\r\nf@x.test,\r\n',
    );
  });

  it('turns what a spreadsheet would run as a formula into text, and leaves numbers numbers', () => {
    expect(toCsv(['a'], [['=HYPERLINK("http://evil.test")']])).toBe(`a\r\n"'=HYPERLINK(""http://evil.test"")"\r\n`);
    const cells = ['+1 555', '@sum', '-3-5', '\tcmd', '\rcmd', '\uFF1DA1', '-5', '-0.25', -7, '12.50', 'plain'];
    expect(
      toCsv(
        ['a'],
        cells.map((cell) => [cell]),
      )
        .split('\r\n')
        .slice(1, -1),
    ).toEqual(["'+1 555", "'@sum", "'-3-5", "'\tcmd", `"'\rcmd"`, "'\uFF1DA1", '-5', '-0.25', '-7', '12.50', 'plain']);
  });

  it('streams the same text', async () => {
    const rows = [
      ['sku', 'note'],
      ['A-1', '=1+1'],
      ['A-2', 'x, y'],
    ];
    expect(await text(Readable.from(rows).pipe(csvStream()))).toBe(toCsv(rows[0]!, rows.slice(1)));
  });
});

describe('plainCell', () => {
  it('reads back every text exactly as it was, through a CSV parser', () => {
    const texts = ['=A1', "'=A1", "''=A1", '-3-5', '-5', "'-5", '+44 20', '@x', "'plain", "'", '', 'x', '\tx', "it's"];
    const csv = toCsv(
      ['text'],
      texts.map((value) => [value]),
    );
    const read = (parse(csv, { columns: true }) as Array<{ text: string }>).map((row) => plainCell(row.text));
    expect(read).toEqual(texts);
    expect(texts.map((value) => plainCell(neutralisedCell(value)))).toEqual(texts);
  });
});
