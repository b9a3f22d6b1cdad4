import type { MachineInfo } from '../support/machine.js';
import { type Comparison, type Measurement, meetsTarget, type ScenarioResult } from './results.js';

export interface ReportInput {
  readonly date: Date;
  readonly durationSeconds: number;
  readonly profile: string;
  readonly machine: MachineInfo;
  readonly postgres: string;
  readonly versions: Record<string, string>;
  readonly scenarios: readonly ScenarioResult[];
  readonly chartFile: string;
  /** Per comparison label: what limits it, printed when its target is missed. */
  readonly limits: Readonly<Record<string, string>>;
  /** The optimizations made for the suite's targets, and the rows that show each. */
  readonly optimizations: ReadonlyArray<{ readonly name: string; readonly evidence: string }>;
  /** A before/after CPU profile of the example app (bench/profile.md), when one was written. */
  readonly cpuProfile?: string;
  /** Set on a partial run's report: the full report's file. */
  readonly partialOf?: string;
  /** Set on the full report: the files of partial runs, linked from it. */
  readonly partialReports?: readonly string[];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function formatValue(m: Pick<Measurement, 'value' | 'unit'>): string {
  const { value, unit } = m;
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'B') return `${Math.round(value).toLocaleString('en-US')} B`;
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-US')} req/s`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3;
  return `${value.toFixed(digits)} ${unit}`;
}

export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'n/a';
  // A cache hit can be hundreds of times faster: 0.0016× (1/625) says more than 0.00×.
  if (ratio < 0.05) return `${ratio.toPrecision(2)}× (1/${Math.round(1 / ratio)})`;
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

function targetText(c: Comparison): string {
  return c.target ? `${c.target.op === '>=' ? '≥' : '≤'} ${c.target.value}×` : '';
}

/** "met", or how far off: for ≥ targets the shortfall, for ≤ targets the excess, in percent. */
export function verdict(c: Comparison): string {
  const met = meetsTarget(c);
  if (met === undefined) return '';
  if (met) return 'met';
  const off = Math.abs(c.ratio / c.target!.value - 1) * 100;
  // A near miss must not read "missed by 0 %".
  return `**missed by ${off < 1 ? off.toFixed(1) : off.toFixed(0)} %**`;
}

/** The ratio, and the spread of its per-round values when it has one. */
function ratioText(c: Comparison): string {
  const spread =
    c.spread === undefined || !Number.isFinite(c.spread) ? '' : ` ±${((c.spread * 100) / 2).toFixed(1)} %`;
  return `${formatRatio(c.ratio)}${spread}`;
}

function comparisonRows(comparisons: readonly Comparison[]): string[] {
  return comparisons.map(
    (c) =>
      `| ${cell(c.label)} | ${c.kind === 'time' ? 'time' : 'throughput'} | ${ratioText(c)} | ${targetText(c)} | ${verdict(c)} |`,
  );
}

/** How to measure a change against another build: `--against` (src/against.ts), not this report. */
const COMPARING_BUILDS = [
  '## Comparing two builds',
  '',
  '`npm run bench -- --against <git-ref>` (e.g. `--against main`) tells whether a change made Facet slower, as one ratio per case from one run. ' +
    "It checks the ref out into a temporary git worktree and builds it there (with this checkout's node_modules linked in when the two lock files are identical, `npm ci` otherwise), " +
    "loads both builds' `@facet/nest` into one process and starts both builds' example app, then runs the same cases on the same databases in interleaved rounds after a warm-up: " +
    '`QueryService.query` (page and count, `count: false`, `fields` pushed down to `select`, an offset page) on PGlite and PostgreSQL, ' +
    "and the example app's `GET /api/v1/books` (anonymous and with a reader token) under autocannon, by requests/s and server CPU per request. " +
    'Each case first checks that both builds give the same answer. ' +
    "It prints current ÷ baseline for each case as the median of the per-round ratios (each round runs a case's two builds back to back, in alternating order) with their spread (± half their interquartile range), writes no file and removes the worktree; " +
    'a ratio within its spread of 1.00× is no change. `--quick` makes a smoke run, `--only=service` or `--only=http` runs one part.',
];

export function renderMarkdown(input: ReportInput): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  const { machine } = input;
  push(
    '# Benchmarks',
    '',
    `<!-- Written by \`npm run bench\` (bench/). Do not edit by hand: re-run the bench. -->`,
    '',
    `Measured ${input.date.toISOString().replace('T', ' ').slice(0, 16)} UTC in ${Math.round(input.durationSeconds)} s (${input.profile} profile). ` +
      'Ratios compare contenders measured in the same run, interleaved; absolute numbers depend on the machine and are only comparable within one run. ' +
      'See [bench/README.md](../bench/README.md) for what each scenario does.',
    '',
    ...(input.partialOf
      ? [
          `A run of some scenarios only (\`--only\`); the full run is [${input.partialOf}](${input.partialOf}).`,
          '',
        ]
      : []),
    ...(input.partialReports?.length
      ? [
          `Scenarios measured in runs of their own: ${input.partialReports.map((file) => `[${file}](${file})`).join(', ')}.`,
          '',
        ]
      : []),
    '## Targets',
    '',
    'A time ratio is Facet ÷ baseline (lower is better); a throughput ratio is Facet ÷ baseline (higher is better).',
    '',
    '| Scenario | Comparison | Kind | Ratio | Target | Result |',
    '| --- | --- | --- | ---: | --- | --- |',
  );
  for (const scenario of input.scenarios) {
    for (const c of scenario.comparisons) {
      if (c.target)
        push(
          `| ${cell(scenario.short)} | ${cell(c.label)} | ${c.kind} | ${ratioText(c)} | ${targetText(c)} | ${verdict(c)} |`,
        );
    }
    if (scenario.notRun) push(`| ${cell(scenario.title)} | not run | | | | ${cell(scenario.notRun)} |`);
  }
  const missed = input.scenarios.flatMap((s) =>
    s.comparisons.filter((c) => meetsTarget(c) === false).map((c) => ({ s, c })),
  );
  if (missed.length > 0) {
    push('', '### Missed targets and what limits them', '');
    // One entry per comparison, listing every scenario that missed it, so each explanation appears once.
    const labels = [...new Set(missed.map(({ c }) => c.label))];
    for (const label of labels) {
      const misses = missed.filter(({ c }) => c.label === label);
      const where = misses.map(
        ({ s, c }) => `${s.short} ${formatRatio(c.ratio)} (${verdict(c).replace(/\*/g, '')})`,
      );
      push(
        `- **${label}** (target ${targetText(misses[0]!.c)}): ${where.join('; ')}. ${input.limits[label] ?? ''}`.trimEnd(),
      );
    }
  }
  push('', `![Speed-ups against each baseline](${input.chartFile})`);
  // The optimizations cite rows of the full run, which a partial run does not have.
  if (!input.partialOf) {
    push('', '## Optimizations and the rows that prove them', '');
    for (const o of input.optimizations) push(`- **${o.name}**: ${o.evidence}`);
  }
  if (input.cpuProfile && !input.partialOf)
    push('', "## Where the example app's CPU goes", '', input.cpuProfile);
  for (const scenario of input.scenarios) {
    push('', `## ${scenario.title}`, '');
    if (scenario.notRun) {
      push(`Not run: ${scenario.notRun}`);
      continue;
    }
    push(
      scenario.method,
      '',
      '| Contender | Median | Spread (IQR) | Detail |',
      '| --- | ---: | ---: | --- |',
    );
    for (const m of scenario.measurements) {
      const spread = m.spread === undefined ? '' : `±${((m.spread * 100) / 2).toFixed(1)} %`;
      push(`| ${cell(m.name)} | ${formatValue(m)} | ${spread} | ${cell(m.detail ?? '')} |`);
    }
    if (scenario.comparisons.length > 0) {
      push(
        '',
        '| Comparison | Kind | Ratio | Target | Result |',
        '| --- | --- | ---: | --- | --- |',
        ...comparisonRows(scenario.comparisons),
      );
    }
    if (scenario.notes.length > 0) push('', ...scenario.notes.map((n) => `- ${n}`));
  }
  push('', ...COMPARING_BUILDS);
  push(
    '',
    '## Machine and versions',
    '',
    `- CPU: ${machine.cpu}, ${machine.cores} cores; RAM ${machine.memoryGiB} GiB; ${machine.platform}`,
    `- Node ${machine.node}; PostgreSQL: ${input.postgres}`,
    `- Load average (1/5/15 min) at the start: ${machine.loadAverage}`,
    `- ${Object.entries(input.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
    '',
  );
  return lines.join('\n');
}
