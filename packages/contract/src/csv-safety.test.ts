import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCellNeedsQuotes, neutraliseCsvCell, toSafeCsvCell } from './csv-safety.js';

/** What a spreadsheet may take as the start of a formula, ASCII and full-width. */
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
/** Where a spreadsheet may split one CSV cell into several: the list separator, tabs, line breaks. */
const SPLITTERS = [';', '\t', '\r', '\n'];

/**
 * Every piece a spreadsheet could make a cell of: the text itself, and whatever follows a splitter.
 * None may begin with a trigger.
 */
function piecesOf(text: string): string[] {
  return [text, ...text.split(/[;\t\r\n]/).slice(1)];
}
const startsWithTrigger = (piece: string) => piece.length > 0 && TRIGGERS.includes(piece.charAt(0));

describe('neutraliseCsvCell', () => {
  it.each([
    '=SUM(A1:A2)',
    '+44 20',
    '-1+2',
    '@cmd',
    '\tcmd',
    '\rcmd',
    '＝SUM(A1:A2)',
    '＋44',
    '－1',
    '＠cmd',
  ])('prefixes %j with a quote', (value) => {
    expect(neutraliseCsvCell(value)).toBe(`'${value}`);
  });

  it.each([
    ['x;=1+1', "x;'=1+1"],
    ['x\t@SUM(1)', "x\t'@SUM(1)"],
    ['x;＝1+1', "x;'＝1+1"],
    ['x;＋1', "x;'＋1"],
    ['x;－1', "x;'－1"],
    ['x;＠SUM(1)', "x;'＠SUM(1)"],
    ['x;+1', "x;'+1"],
    ['x;-1', "x;'-1"],
    ['x\n=1', "x\n'=1"],
    ['x\r\n=1', "x\r\n'=1"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
    ['a;b;=c', "a;b;'=c"],
    ['x;;=1', "x;;'=1"],
    ['x;\t=1', "x;'\t'=1"],
    ['=1;=2', "'=1;'=2"],
  ])('neutralises a formula after a splitter in %j', (value, expected) => {
    expect(neutraliseCsvCell(value)).toBe(expected);
  });

  it.each(['AB12 CDE', '', '12=3', "'already", ' =1', 'a;b', 'x; =1', 'P1001-000123', "Ann O'Neill"])(
    'leaves %j alone',
    (value) => {
      expect(neutraliseCsvCell(value)).toBe(value);
    },
  );

  it('leaves no piece of any text starting with a trigger, and only ever adds quotes', () => {
    const char = fc.constantFrom(...TRIGGERS, ...SPLITTERS, 'a', '1', ' ', "'", '"', ',');
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }).map((cs) => cs.join('')),
        (text) => {
          const safe = neutraliseCsvCell(text);
          expect(piecesOf(safe).filter(startsWithTrigger)).toEqual([]);
          expect(safe.replaceAll("'", '')).toBe(text.replaceAll("'", ''));
          expect(neutraliseCsvCell(safe)).toBe(safe);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('csvCellNeedsQuotes', () => {
  it.each(['a,b', 'a"b', 'a;b', 'a\tb', 'a\rb', 'a\nb'])('quotes %j', (value) => {
    expect(csvCellNeedsQuotes(value)).toBe(true);
  });
  it.each(['ab', "'=1", ''])('does not quote %j', (value) => {
    expect(csvCellNeedsQuotes(value)).toBe(false);
  });
});

describe('toSafeCsvCell', () => {
  it('stringifies values and blanks nullish ones', () => {
    expect(toSafeCsvCell(null)).toBe('');
    expect(toSafeCsvCell(undefined)).toBe('');
    expect(toSafeCsvCell(-5)).toBe("'-5");
    expect(toSafeCsvCell(42)).toBe('42');
    expect(toSafeCsvCell(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
    expect(toSafeCsvCell('x;=1+1')).toBe("x;'=1+1");
  });
});
