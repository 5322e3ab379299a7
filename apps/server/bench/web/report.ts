/** Median of a list (NaN for an empty one). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface Figure {
  name: string;
  target: string;
  value: number;
  unit: string;
  /** Whether the value meets the target; undefined when the figure has no numeric target. */
  isMet?: boolean;
  note?: string;
}

const format = (value: number, unit: string) => (Number.isNaN(value) ? 'n/a' : `${value < 10 && unit !== '' ? value.toFixed(1) : Math.round(value).toLocaleString('en')}${unit ? ` ${unit}` : ''}`);

/** Prints one Markdown table: figure, target, median, met or not. */
export function printTable(title: string, figures: Figure[]): void {
  console.log(`\n${title}\n`);
  console.log('| figure | target | median | met |');
  console.log('|---|---|---|---|');
  for (const f of figures) {
    const met = f.isMet === undefined ? '' : f.isMet ? 'yes' : '**no**';
    console.log(`| ${f.name} | ${f.target} | ${format(f.value, f.unit)}${f.note ? ` (${f.note})` : ''} | ${met} |`);
  }
}
