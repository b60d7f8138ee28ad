/** A plain-text table; `leftColumns` leading columns are text (left-aligned), the rest numbers (right-aligned). */
export const formatTable = (header: string[], rows: string[][], leftColumns = 1) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
