// The mechanical link between docs/spec-conformance.md and the conformance tests: every row of the
// page has an id in its first cell (`4.6.d`), every test names one at the start of its title
// (`it('4.6.d findUnique …')`), and `checkRows` lists what does not match.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `1.3`, `4.1.2`, `4.6.d`, `7.a`: a section, then a rule number or a row letter. */
export const ROW_ID = /^\d+(?:\.\d+)?\.(?:\d+|[a-z])$/;

export type RowStatus = 'As specified' | "Facet's choice" | 'Departure';

export interface PageRow {
  readonly id: string;
  readonly status: RowStatus;
  readonly line: number;
}

export interface PageRows {
  readonly rows: readonly PageRow[];
  /** Ids the "Summary of departures" table links to, in its order. */
  readonly departures: readonly string[];
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The status a row's status cell gives. Anything that names a departure (`**Departure**`, "As
 * specified, with a departure") is a departure: the summary must list it.
 */
function statusOf(cell: string): RowStatus | undefined {
  if (/departure/i.test(cell)) return 'Departure';
  if (/^As specified/i.test(cell)) return 'As specified';
  if (/^Facet's (choice|addition)/i.test(cell)) return "Facet's choice";
  return undefined;
}

/**
 * Reads the rows of the page: table lines whose first cell is a row id, with the status column
 * found by its header (`Status`). The departures summary is the table under its heading, whose
 * first cell links to the rows it covers (`[4.6.a](#46-access-filter-merge)`).
 */
export function readPage(text: string): PageRows {
  const rows: PageRow[] = [];
  const departures: string[] = [];
  // The header of the table being read (undefined between tables) and its status column.
  let header: string[] | undefined;
  let inSummary = false;
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('#')) inSummary = /^## Summary of departures/.test(line);
    if (!line.trimStart().startsWith('|')) {
      header = undefined;
      return;
    }
    const row = cells(line);
    if (header === undefined) {
      header = row;
      return;
    }
    const statusColumn = header.indexOf('Status');
    const first = row[0] ?? '';
    if (inSummary) {
      for (const [, linked] of first.matchAll(/\[([^\]]+)\]\(#/g)) {
        if (ROW_ID.test(linked as string)) departures.push(linked as string);
      }
      return;
    }
    if (!ROW_ID.test(first)) return;
    if (statusColumn === -1)
      throw new Error(`line ${index + 1}: row ${first} is in a table without a Status column`);
    const status = statusOf(row[statusColumn] ?? '');
    if (status === undefined) throw new Error(`line ${index + 1}: row ${first} has no known status`);
    rows.push({ id: first, status, line: index + 1 });
  });
  return { rows, departures };
}

export interface TestName {
  readonly id: string;
  readonly file: string;
}

/**
 * The row ids the tests of a file name: the first word of every `it('…')`/`test('…')` title. Only
 * plain calls count: a skipped, conditional or focused test (`it.skip`, `it.skipIf`, `it.only`)
 * proves nothing about its row.
 */
export function readTestNames(source: string, file: string): TestName[] {
  const names: TestName[] = [];
  for (const match of source.matchAll(/(?<![\w.])(?:it|test)\(\s*(['"`])(\S+)/g)) {
    const id = match[2] as string;
    if (ROW_ID.test(id)) names.push({ id, file });
  }
  return names;
}

/** Every way the page and the tests can disagree, one sentence each; empty when they agree. */
export function checkRows(page: PageRows, tests: readonly TestName[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, PageRow>();
  for (const row of page.rows) {
    const earlier = seen.get(row.id);
    if (earlier)
      problems.push(`row ${row.id} appears twice on the page (lines ${earlier.line} and ${row.line})`);
    seen.set(row.id, row);
  }
  const tested = new Set(tests.map((test) => test.id));
  for (const row of page.rows) {
    if (!tested.has(row.id)) problems.push(`row ${row.id} (line ${row.line}) has no test`);
  }
  for (const test of tests) {
    if (!seen.has(test.id))
      problems.push(`a test in ${test.file} names row ${test.id}, which the page does not have`);
  }
  const summarized = new Set(page.departures);
  for (const id of page.departures) {
    const row = seen.get(id);
    if (row === undefined)
      problems.push(`the summary of departures links to row ${id}, which does not exist`);
    else if (row.status !== 'Departure')
      problems.push(`the summary of departures lists row ${id}, which is not a departure`);
  }
  for (const row of page.rows) {
    if (row.status === 'Departure' && !summarized.has(row.id)) {
      problems.push(`row ${row.id} is a departure that the summary of departures does not list`);
    }
  }
  return problems;
}

const root = new URL('../../', import.meta.url);

export const PAGE_PATH = fileURLToPath(new URL('docs/spec-conformance.md', root));
export const TEST_DIR = fileURLToPath(new URL('conformance/test/', root));

/** The page and every test file of this project, as they are on disk. */
export function readProject(): { page: PageRows; tests: TestName[]; sources: Map<string, string> } {
  const page = readPage(readFileSync(PAGE_PATH, 'utf8'));
  const sources = new Map<string, string>();
  for (const file of readdirSync(TEST_DIR).filter((name) => name.endsWith('.test.ts'))) {
    sources.set(file, readFileSync(`${TEST_DIR}${file}`, 'utf8'));
  }
  const tests = [...sources].flatMap(([file, source]) => readTestNames(source, file));
  return { page, tests, sources };
}
