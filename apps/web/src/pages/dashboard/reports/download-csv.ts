/**
 * A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return
 * (or their full-width forms). Such a cell gets a leading apostrophe, so it opens as text (OWASP's
 * CSV injection advice): a lead's name is typed by a visitor. Numbers are written as they are.
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The rows as CSV text Excel opens: UTF-8 with a byte-order mark, quoted by papaparse (loaded on the click, never with the page). */
export async function toCsv(rows: readonly Record<string, unknown>[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return `\uFEFF${unparse(rows as Record<string, unknown>[], { escapeFormulae: FORMULA_START })}`;
}

/** Saves rows as a CSV file (see `toCsv`). */
export async function downloadCsv(name: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  const csv = await toCsv(rows);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${name}-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
