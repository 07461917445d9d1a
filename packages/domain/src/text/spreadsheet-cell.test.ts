import { describe, expect, it } from 'vitest';
import { csvLine, csvMoney, csvNumber, csvText, inertText } from './spreadsheet-cell.ts';

describe('spreadsheet cells are inert (issue 33, OWASP CSV injection)', () => {
  it('prefixes a text cell that begins like a formula with a single quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(inertText(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(inertText('=HYPERLINK("http://x","点我")')).toBe(`'=HYPERLINK("http://x","点我")`);
    expect(inertText(`@SUM(1+1)*cmd|' /C calc'!A0`)).toBe(`'@SUM(1+1)*cmd|' /C calc'!A0`);
    // Everything else is left as typed: a formula sign inside the text, full-width signs, a leading space.
    for (const s of ['浙江远航', 'a=b', '1+1', '＝1+1', ' =1', "'quoted", '']) expect(inertText(s)).toBe(s);
  });

  it('quotes a CSV text field holding a separator, a quote or a line break, quotes doubled', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('-12.34')).toBe(`"'-12.34"`);
    expect(csvText(`@SUM(1+1)*cmd|' /C calc'!A0`)).toBe(`"'@SUM(1+1)*cmd|' /C calc'!A0"`);
    expect(csvText('鑫链,保理')).toBe('"鑫链,保理"');
    expect(csvText('a;=cmd')).toBe('"a;=cmd"');
    expect(csvText('第一行\n=第二行')).toBe('"第一行\n=第二行"');
    expect(csvText('\t=1')).toBe(`"'\t=1"`);
    expect(csvText('FK202601010001')).toBe('FK202601010001');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });

  it('writes numbers the portal computed as numbers, negative amounts included', () => {
    expect(csvNumber(-12.34)).toBe('-12.34');
    expect(csvNumber('-12.34')).toBe('-12.34');
    expect(csvNumber(3)).toBe('3');
    expect(csvNumber(null)).toBe('');
    expect(csvMoney(-1234)).toBe('-12.34');
    expect(csvMoney(4_321_000)).toBe('43210.00');
    // A value that is not a plain decimal is not trusted as a number.
    expect(csvNumber('-1+1')).toBe(`"'-1+1"`);
    expect(csvNumber('=1')).toBe(`"'=1"`);
  });

  it('decides per column: strings are text, numbers and { cents } are numbers', () => {
    expect(csvLine([1, '=HYPERLINK("x")', '6222000011112222', { cents: -1234 }, '-12', null])).toBe(
      `1,"'=HYPERLINK(""x"")",6222000011112222,-12.34,"'-12",`,
    );
  });
});
