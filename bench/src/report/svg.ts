import { type Comparison, meetsTarget, speedup } from './results.js';

export interface ChartRow {
  readonly group: string;
  readonly comparison: Comparison;
}

const ROW = 26;
const LABEL_WIDTH = 430;
const PLOT_WIDTH = 420;
const TOP = 48;
const BOTTOM = 40;
const COLOURS = { met: '#2e7d32', missed: '#c62828', none: '#546e7a' } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Widest axis, in powers of two each way: a 600× cache win would squeeze every other bar flat. */
const MAX_EXPONENT = 4;

/** The power-of-two range that holds every value and 1, at most 1/16× to 16×; longer bars are clipped. */
function log2Range(values: readonly number[]): [number, number] {
  const logs = values.filter((v) => Number.isFinite(v) && v > 0).map(Math.log2);
  const low = Math.max(-MAX_EXPONENT, Math.floor(Math.min(0, ...logs)));
  const high = Math.min(MAX_EXPONENT, Math.ceil(Math.max(0, ...logs)));
  return [low, high === low ? low + 1 : high];
}

const format = (value: number) =>
  value >= 10 ? `${value.toFixed(0)}×` : value >= 1 ? `${value.toFixed(2)}×` : `${value.toFixed(2)}×`;

/**
 * A diverging bar chart of speed-ups on a log₂ axis: bars grow right of 1× where the subject is
 * faster than its baseline and left where it is slower; a target, when there is one, is a black
 * tick, and the bar is green when met and red when missed.
 */
export function renderChart(rows: readonly ChartRow[], title: string): string {
  const values = rows.flatMap(({ comparison }) => {
    const target = comparison.target;
    const t = target === undefined ? [] : [comparison.kind === 'time' ? 1 / target.value : target.value];
    return [speedup(comparison), ...t];
  });
  const [low, high] = log2Range(values);
  const x = (value: number) => {
    const clamped = Math.min(Math.max(Math.log2(value), low), high);
    return LABEL_WIDTH + ((clamped - low) / (high - low)) * PLOT_WIDTH;
  };
  const clipped = (value: number) => Math.abs(Math.log2(value)) > Math.max(-low, high);
  const height = TOP + rows.length * ROW + BOTTOM;
  const width = LABEL_WIDTH + PLOT_WIDTH + 70;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600">${escapeXml(title)}</text>`,
    `<text x="12" y="38" fill="#555">Speed-up of the first contender over the second (log scale; right of 1× is faster). Tick: target.</text>`,
  );
  for (let exponent = low; exponent <= high; exponent++) {
    const value = 2 ** exponent;
    const gx = x(value);
    out.push(
      `<line x1="${gx}" y1="${TOP - 4}" x2="${gx}" y2="${height - BOTTOM + 4}" stroke="${exponent === 0 ? '#000' : '#ddd'}"/>`,
      `<text x="${gx}" y="${height - BOTTOM + 18}" text-anchor="middle" fill="#555">${value >= 1 ? value : `1/${2 ** -exponent}`}×</text>`,
    );
  }
  let previousGroup = '';
  rows.forEach(({ group, comparison }, i) => {
    const y = TOP + i * ROW;
    const value = speedup(comparison);
    const met = meetsTarget(comparison);
    const colour = met === undefined ? COLOURS.none : met ? COLOURS.met : COLOURS.missed;
    const one = x(1);
    const end = Number.isFinite(value) && value > 0 ? x(value) : one;
    const label = group === previousGroup ? comparison.label : `${group}: ${comparison.label}`;
    previousGroup = group;
    out.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + ROW / 2 + 4}" text-anchor="end">${escapeXml(label)}</text>`,
      `<rect x="${Math.min(one, end)}" y="${y + 5}" width="${Math.max(1, Math.abs(end - one))}" height="${ROW - 10}" fill="${colour}"/>`,
      `<text x="${Math.max(one, end) + 4}" y="${y + ROW / 2 + 4}" fill="#333">${format(value)}${clipped(value) ? ' (clipped)' : ''}</text>`,
    );
    if (comparison.target) {
      const t = comparison.kind === 'time' ? 1 / comparison.target.value : comparison.target.value;
      out.push(
        `<line x1="${x(t)}" y1="${y + 2}" x2="${x(t)}" y2="${y + ROW - 2}" stroke="#000" stroke-width="2"/>`,
      );
    }
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
