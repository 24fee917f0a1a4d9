// The run's one table, as Markdown (it reads fine in a terminal and pastes into RESULTS.md), with
// the notes below it so the columns stay narrow.
import { ratioOf, type Figure } from './figures.ts';

function formatValue(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'req/s':
      return `${Math.round(value).toLocaleString('en')} req/s`;
    case 'writes/s':
      return `${value.toFixed(1)} writes/s`;
    case 'e-mails/s':
      return `${Math.round(value).toLocaleString('en')} e-mails/s`;
    case 'ms':
      return `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ms`;
    case 'µs':
      return `${Math.round(value).toLocaleString('en')} µs`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'KB':
      return `${value.toFixed(1)} KB`;
    case 'MiB':
      return `${Math.round(value).toLocaleString('en')} MiB`;
    case 'score':
      return value.toFixed(0);
    default:
      return value.toFixed(3);
  }
}

export function renderTable(figures: readonly Figure[]): string {
  const header = ['Scenario', 'Figure', 'Value', 'Baseline (same run)', 'Ratio', 'Target', ''];
  const rows = figures.map((figure) => {
    const ratio = ratioOf(figure);
    return [
      figure.scenario,
      figure.name,
      figure.display ?? formatValue(figure.value, figure.unit),
      figure.baseline ? `${formatValue(figure.baseline.value, figure.unit)} (${figure.baseline.name})` : '',
      ratio === undefined || !Number.isFinite(ratio) ? '' : `${ratio.toFixed(2)}×`,
      figure.target?.text ?? '',
      figure.target ? (figure.target.ok ? 'ok' : 'MISSED') : '',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const notes = figures
    .filter((figure) => figure.note)
    .map((figure) => `- ${figure.scenario}, ${figure.name}: ${figure.note}`);
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}
