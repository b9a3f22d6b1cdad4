import { describe, expect, it } from 'vitest';
import type { MachineInfo } from '../support/machine.js';
import { formatRatio, formatValue, renderMarkdown, verdict } from './markdown.js';
import {
  compare,
  comparePerRound,
  type Measurement,
  meetsTarget,
  type ScenarioResult,
  speedup,
} from './results.js';
import { renderChart } from './svg.js';

const times: Measurement[] = [
  { name: 'facet', value: 4, unit: 'µs' },
  { name: 'qs', value: 10, unit: 'µs' },
];
const rates: Measurement[] = [
  { name: 'facet', value: 900, unit: 'req/s' },
  { name: 'hand', value: 1000, unit: 'req/s' },
];

describe('comparisons', () => {
  it('divides subject by baseline and knows times from throughput by the unit', () => {
    const time = compare(times, 'decode', 'facet', 'qs', { op: '<=', value: 0.5 });
    expect(time).toMatchObject({ kind: 'time', ratio: 0.4 });
    expect(speedup(time)).toBeCloseTo(2.5);
    expect(meetsTarget(time)).toBe(true);
    const rate = compare(rates, 'list', 'facet', 'hand', { op: '>=', value: 0.95 });
    expect(rate).toMatchObject({ kind: 'throughput', ratio: 0.9 });
    expect(speedup(rate)).toBeCloseTo(0.9);
    expect(meetsTarget(rate)).toBe(false);
  });

  it('takes the spread of a ratio round by round when both sides give their rounds', () => {
    // Both sides move together (a noisy machine): the ratio is steady although each side is not.
    const paired: Measurement[] = [
      { name: 'facet', value: 900, unit: 'req/s', rounds: [800, 900, 1000, 1100] },
      { name: 'hand', value: 1000, unit: 'req/s', rounds: [889, 1000, 1111, 1222] },
    ];
    expect(compare(paired, 'list', 'facet', 'hand').spread).toBeLessThan(0.001);
    // The sides move apart from round to round: the ratio's spread shows it.
    const uneven = [paired[0]!, { ...paired[1]!, rounds: [889, 1500, 700, 2000] }];
    expect(compare(uneven, 'list', 'facet', 'hand').spread).toBeGreaterThan(0.1);
    // Without rounds on both sides (or of different lengths) there is no paired spread to give.
    expect(compare(rates, 'list', 'facet', 'hand').spread).toBeUndefined();
    const short = [paired[0]!, { ...paired[1]!, rounds: [1000, 1000] }];
    expect(compare(short, 'list', 'facet', 'hand').spread).toBeUndefined();
  });

  it('refuses a name that was not measured rather than comparing against nothing', () => {
    expect(() => compare(times, 'x', 'facet', 'nope')).toThrow(/nope/);
  });

  it('says by how much a target is missed', () => {
    expect(verdict(compare(rates, 'list', 'facet', 'hand', { op: '>=', value: 0.95 }))).toBe(
      '**missed by 5 %**',
    );
    expect(verdict(compare(times, 'decode', 'facet', 'qs', { op: '<=', value: 0.2 }))).toBe(
      '**missed by 100 %**',
    );
    expect(verdict(compare(times, 'decode', 'facet', 'qs', { op: '<=', value: 0.5 }))).toBe('met');
    const nearMiss: Measurement[] = [
      { name: 'facet', value: 997, unit: 'req/s' },
      { name: 'hand', value: 1000, unit: 'req/s' },
    ];
    expect(verdict(compare(nearMiss, 'list', 'facet', 'hand', { op: '>=', value: 1 }))).toBe(
      '**missed by 0.3 %**',
    );
    expect(verdict(compare(times, 'decode', 'facet', 'qs'))).toBe('');
  });

  it('writes tiny ratios with their inverse instead of rounding them to zero', () => {
    expect(formatRatio(0.0016)).toBe('0.0016× (1/625)');
    expect(formatRatio(0.5)).toBe('0.50×');
    expect(formatRatio(12.34)).toBe('12.3×');
  });

  it('formats values with their unit', () => {
    expect(formatValue({ value: 1234.4, unit: 'req/s' })).toBe('1,234 req/s');
    expect(formatValue({ value: 0.01234, unit: 'µs' })).toBe('0.012 µs');
    expect(formatValue({ value: 2048, unit: 'B' })).toBe('2,048 B');
  });
});

const machine: MachineInfo = {
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 8,
  node: 'v20.0.0',
  platform: 'linux x64',
  loadAverage: '0 / 0 / 0',
};

function scenario(overrides: Partial<ScenarioResult>): ScenarioResult {
  return {
    id: 'http',
    short: 'HTTP',
    title: 'HTTP: list',
    method: 'Method text.',
    measurements: rates,
    comparisons: [compare(rates, 'Facet vs hand-written', 'facet', 'hand', { op: '>=', value: 0.95 })],
    notes: ['A note.'],
    ...overrides,
  };
}

describe('comparePerRound', () => {
  const side = (name: string, rounds: number[]): Measurement => ({ name, value: 0, unit: 'ms', rounds });
  it('takes the median of the per-round ratios, which one disturbed round does not move', () => {
    // Round 3 ran while the machine was busy: both sides slower, the subject far more.
    const measured = [side('current', [10, 12, 50, 11, 10]), side('baseline', [10, 12, 20, 11, 10])];
    const c = comparePerRound(measured, 'current vs baseline', 'current', 'baseline');
    expect(c.ratio).toBe(1);
    expect(c.kind).toBe('time');
    expect(c.spread).toBe(0);
  });
  it('reads a real difference, with the spread of the ratios', () => {
    const measured = [side('current', [12, 11, 13, 12, 14]), side('baseline', [10, 10, 10, 10, 10])];
    const c = comparePerRound(measured, 'slower', 'current', 'baseline');
    expect(c.ratio).toBeCloseTo(1.2);
    expect(c.spread).toBeCloseTo(0.1 / 1.2);
  });
  it('refuses sides that ran different rounds', () => {
    const measured = [side('current', [1, 2]), side('baseline', [1])];
    expect(() => comparePerRound(measured, 'x', 'current', 'baseline')).toThrow(/different rounds/);
  });
});

describe('renderMarkdown', () => {
  const markdown = renderMarkdown({
    date: new Date('2026-01-02T03:04:05Z'),
    durationSeconds: 123,
    profile: 'full',
    machine,
    postgres: '15.0',
    versions: { qs: '6.0.0' },
    scenarios: [
      scenario({}),
      scenario({
        id: 'scale',
        short: 'Scale',
        title: 'Scale: workers',
        comparisons: [
          { ...compare(rates, 'workers vs one', 'facet', 'hand', { op: '>=', value: 0.85 }), spread: 0.08 },
        ],
      }),
      scenario({
        id: 'service-postgresql',
        short: 'Service (PostgreSQL)',
        notRun: 'PostgreSQL is unreachable: ECONNREFUSED',
        measurements: [],
        comparisons: [],
      }),
    ],
    chartFile: 'benchmarks.svg',
    limits: { 'Facet vs hand-written': 'The limit is Prisma.' },
    optimizations: [{ name: 'count skipped', evidence: 'row X' }],
  });

  it('lists each target with its measured ratio and verdict', () => {
    expect(markdown).toContain(
      '| HTTP | Facet vs hand-written | throughput | 0.90× | ≥ 0.95× | **missed by 5 %** |',
    );
  });
  it('explains a missed target with its limit', () => {
    expect(markdown).toContain(
      '- **Facet vs hand-written** (target ≥ 0.95×): HTTP 0.90× (missed by 5 %). The limit is Prisma.',
    );
  });
  it("writes a paired ratio's spread next to it, as half its interquartile range", () => {
    expect(markdown).toContain('| workers vs one | throughput | 0.90× ±4.0 % | ≥ 0.85× | met |');
    // The targets table at the top gives the same spread with the ratio.
    expect(markdown).toContain('| Scale | workers vs one | throughput | 0.90× ±4.0 % | ≥ 0.85× | met |');
    expect(markdown).toContain('| Facet vs hand-written | throughput | 0.90× | ≥ 0.95× |');
  });
  it('records a scenario that did not run, with the reason', () => {
    expect(markdown).toContain('Not run: PostgreSQL is unreachable: ECONNREFUSED');
  });
  it('says how to compare two builds, which this report does not do', () => {
    expect(markdown).toContain('## Comparing two builds');
    expect(markdown).toContain('`npm run bench -- --against <git-ref>`');
  });
  it('names the machine, the versions, the date and the chart', () => {
    expect(markdown).toContain('Test CPU, 2 cores; RAM 8 GiB');
    expect(markdown).toContain('qs 6.0.0');
    expect(markdown).toContain('2026-01-02 03:04 UTC');
    expect(markdown).toContain('](benchmarks.svg)');
  });
});

describe('renderChart', () => {
  const faster = compare(times, 'decode <fast> & "quoted"', 'facet', 'qs', { op: '<=', value: 0.5 });
  const slower = compare(rates, 'list', 'facet', 'hand', { op: '>=', value: 0.95 });
  const svg = renderChart(
    [
      { group: 'Codec', comparison: faster },
      { group: 'HTTP', comparison: slower },
    ],
    'Title',
  );

  it('escapes labels, so the SVG stays well-formed', () => {
    expect(svg).toContain('decode &#60;fast&#62; &#38; &#34;quoted&#34;');
    expect(svg).not.toContain('<fast>');
  });

  it('draws a met target green to the right of 1× and a missed one red to the left', () => {
    const bars = [
      ...svg.matchAll(
        /<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="[\d.]+" fill="(#[0-9a-f]+)"\/>/g,
      ),
    ];
    expect(bars).toHaveLength(2);
    const one = Number(/<line x1="([\d.]+)"[^>]*stroke="#000"\/>/.exec(svg)![1]);
    const [fast, slow] = bars.map((m) => ({ x: Number(m[1]), width: Number(m[2]), fill: m[3] }));
    expect(fast!.fill).toBe('#2e7d32');
    expect(fast!.x).toBeCloseTo(one);
    expect(slow!.fill).toBe('#c62828');
    expect(slow!.x + slow!.width).toBeCloseTo(one);
  });

  it('clips bars beyond 16× instead of squeezing the others', () => {
    const huge = compare(
      [
        { name: 'hit', value: 1, unit: 'ns' },
        { name: 'miss', value: 600, unit: 'ns' },
      ],
      'cache',
      'hit',
      'miss',
    );
    const chart = renderChart([{ group: 'Projection', comparison: huge }], 'T');
    expect(chart).toContain('600× (clipped)');
    expect(chart).toContain('>16×</text>');
    expect(chart).not.toContain('>32×</text>');
  });
});
