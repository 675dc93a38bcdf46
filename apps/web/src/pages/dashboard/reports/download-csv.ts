/**
 * Saves rows as a CSV file Excel opens: papaparse's `unparse` for the quoting (loaded on the
 * click, never with the page), UTF-8 with a byte-order mark.
 */
export async function downloadCsv(name: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  const { unparse } = await import('papaparse');
  const csv = `\uFEFF${unparse(rows as Record<string, unknown>[])}`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${name}-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
