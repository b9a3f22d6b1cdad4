import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { LIMITS, OPTIMIZATIONS } from '../support/explanations.js';
import type { MachineInfo } from '../support/machine.js';
import { repoPath } from '../support/paths.js';
import { renderMarkdown } from './markdown.js';
import type { ScenarioResult } from './results.js';
import { renderChart } from './svg.js';

/** Everything a run measured; kept in bench/.last-run.json so the report can be re-rendered. */
export interface RunRecord {
  readonly date: string;
  readonly durationSeconds: number;
  readonly profile: string;
  readonly machine: MachineInfo;
  readonly postgres: string;
  readonly versions: Record<string, string>;
  readonly scenarios: readonly ScenarioResult[];
}

/**
 * A full run writes docs/benchmarks.md; a run of some scenarios (`--only=export,counts`) writes
 * docs/benchmarks-export-counts.md instead, so it never replaces the full report with a part of
 * it, and the full report links every such part.
 */
export function reportName(only: readonly string[] | undefined): string {
  return only === undefined ? 'benchmarks' : `benchmarks-${only.join('-')}`;
}

const lastRunFile = (name: string) => `bench/.last-run${name.slice('benchmarks'.length)}.json`;
/** Written by `npm run profile -w bench -- --compare=… --write` (bench/scripts/profile.mjs). */
const PROFILE = 'bench/profile.md';

export function saveRun(record: RunRecord, name = 'benchmarks'): void {
  writeFileSync(repoPath(lastRunFile(name)), `${JSON.stringify(record, null, 2)}\n`);
}

export function loadLastRun(name = 'benchmarks'): RunRecord {
  return JSON.parse(readFileSync(repoPath(lastRunFile(name)), 'utf8')) as RunRecord;
}

/** The reports of partial runs next to the full one. */
function partialReports(): string[] {
  return readdirSync(repoPath('docs'))
    .filter((file) => /^benchmarks-.+\.md$/.test(file))
    .sort();
}

/** Writes docs/<name>.md and docs/<name>.svg from a run. */
export function writeReport(record: RunRecord, name = 'benchmarks'): void {
  const chartFile = `${name}.svg`;
  const chartRows = record.scenarios.flatMap((s) =>
    s.comparisons.map((comparison) => ({ group: s.short, comparison })),
  );
  writeFileSync(
    repoPath(`docs/${chartFile}`),
    renderChart(chartRows, 'Facet benchmarks: speed-up against each baseline'),
  );
  writeFileSync(
    repoPath(`docs/${name}.md`),
    renderMarkdown({
      ...record,
      date: new Date(record.date),
      chartFile,
      ...(name === 'benchmarks' ? { partialReports: partialReports() } : { partialOf: 'benchmarks.md' }),
      limits: LIMITS,
      optimizations: OPTIMIZATIONS,
      ...(existsSync(repoPath(PROFILE))
        ? { cpuProfile: readFileSync(repoPath(PROFILE), 'utf8').trim() }
        : {}),
    }),
  );
}
