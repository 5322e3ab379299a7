/** Median of a list (NaN for an empty one). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface Figure {
  name: string;
  target: string;
  /** Whether a median meets the target; undefined when the figure has no numeric target. */
  isMet?: (value: number) => boolean;
  unit: string;
  /** The run figure(s) this row shows: its median, plus an optional note built from the runs. */
  value: (runs: Record<string, number>[]) => number;
  note?: (runs: Record<string, number>[]) => string;
}

const format = (value: number, unit: string) =>
  Number.isNaN(value)
    ? 'n/a'
    : `${value < 10 && unit !== '' ? value.toFixed(1) : Math.round(value).toLocaleString('en')}${unit ? ` ${unit}` : ''}`;

/** Prints one Markdown table: figure, target, then the median of each console (the last one is judged). */
export function printTable(
  title: string,
  figures: Figure[],
  consoles: { label: string; runs: Record<string, number>[] }[],
): void {
  console.log(`\n${title}\n`);
  console.log(`| figure | target | ${consoles.map((c) => c.label).join(' | ')} | met |`);
  console.log(`|---|---|${consoles.map(() => '---|').join('')}---|`);
  for (const f of figures) {
    const cells = consoles.map(
      (c) => `${format(f.value(c.runs), f.unit)}${f.note ? ` (${f.note(c.runs)})` : ''}`,
    );
    const last = consoles[consoles.length - 1];
    const met = !f.isMet || !last ? '' : f.isMet(f.value(last.runs)) ? 'yes' : '**no**';
    console.log(`| ${f.name} | ${f.target} | ${cells.join(' | ')} | ${met} |`);
  }
}
