import { csvDocument, csvField } from './csv';

describe('CSV fields', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvField('NL')).toBe('NL');
    expect(csvField(21)).toBe('21');
    expect(csvField(null)).toBe('');
  });

  it('keeps a negative amount a number (a refund line), not text', () => {
    expect(csvField('-12.34')).toBe('-12.34');
    expect(csvField(-5)).toBe('-5');
  });

  it('defuses every text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-1+cmd|calc')).toBe("'-1+cmd|calc");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  it('quotes commas, quotes and line breaks and ends every line with CRLF', () => {
    expect(
      csvDocument([
        ['a,b', 'say "hi"'],
        ['x\ny', 1],
      ]),
    ).toBe('"a,b","say ""hi"""\r\n"x\ny",1\r\n');
  });
});
