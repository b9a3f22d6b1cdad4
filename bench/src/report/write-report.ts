import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

const LAST_RUN = 'bench/.last-run.json';
const CHART_FILE = 'benchmarks.svg';
/** Written by `npm run profile -w bench -- --compare=… --write` (bench/scripts/profile.mjs). */
const PROFILE = 'bench/profile.md';

export function saveRun(record: RunRecord): void {
  writeFileSync(repoPath(LAST_RUN), `${JSON.stringify(record, null, 2)}\n`);
}

export function loadLastRun(): RunRecord {
  return JSON.parse(readFileSync(repoPath(LAST_RUN), 'utf8')) as RunRecord;
}

/** Writes docs/benchmarks.md and docs/benchmarks.svg from a run. */
export function writeReport(record: RunRecord): void {
  const chartRows = record.scenarios.flatMap((s) =>
    s.comparisons.map((comparison) => ({ group: s.short, comparison })),
  );
  writeFileSync(
    repoPath(`docs/${CHART_FILE}`),
    renderChart(chartRows, 'Facet benchmarks: speed-up against each baseline'),
  );
  writeFileSync(
    repoPath('docs/benchmarks.md'),
    renderMarkdown({
      ...record,
      date: new Date(record.date),
      chartFile: CHART_FILE,
      limits: LIMITS,
      optimizations: OPTIMIZATIONS,
      ...(existsSync(repoPath(PROFILE))
        ? { cpuProfile: readFileSync(repoPath(PROFILE), 'utf8').trim() }
        : {}),
    }),
  );
}
