// The page and the tests cannot drift: every row of docs/spec-conformance.md has a test named by
// its id, every test names a row that exists, and every departure is in the page's summary. The
// packages under test are the built ones.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkRows, readPage, readProject, readTestNames } from '../support/rows.js';

describe('the link between docs/spec-conformance.md and these tests', () => {
  it('every row has a test, every test names a row, every departure is summarized', () => {
    const { page, tests } = readProject();
    expect(page.rows.length).toBeGreaterThan(90);
    expect(checkRows(page, tests)).toEqual([]);
  });

  it('no test here is skipped, focused or conditional', () => {
    for (const [file, source] of readProject().sources) {
      expect(source, file).not.toMatch(/\b(?:it|test|describe)\.(?:skip|only|todo|skipIf|runIf)\b/);
    }
  });

  it('reports each way the page and the tests can disagree', () => {
    const page = readPage(
      [
        '## Summary of departures',
        '',
        '| Row | Default |',
        '| --- | --- |',
        '| [7.b](#7-errors) | x |',
        '| [4.6.a](#46) | y |',
        '',
        '## 7. Errors',
        '',
        '| # | Row | Status |',
        '| --- | --- | --- |',
        '| 7.a | one | As specified |',
        '| 7.b | two | **Departure** for some |',
        '| 7.c | three | As specified, with a departure |',
        "| 7.a | again | Facet's choice |",
      ].join('\n'),
    );
    const tests = readTestNames(
      "it('7.a first', () => {});\nit.skip('7.c skipped', () => {});\ntest(`9.9 stray`, () => {});",
      'sample.test.ts',
    );
    expect(checkRows(page, tests)).toEqual([
      'row 7.a appears twice on the page (lines 12 and 15)',
      'row 7.b (line 13) has no test',
      'row 7.c (line 14) has no test',
      'a test in sample.test.ts names row 9.9, which the page does not have',
      'the summary of departures links to row 4.6.a, which does not exist',
      'row 7.c is a departure that the summary of departures does not list',
    ]);
  });

  it('the packages resolve to their dist/, as in an application', () => {
    const require = createRequire(import.meta.url);
    for (const name of ['@facet/core', '@facet/client/api', '@facet/nest', '@facet/nest/casl']) {
      expect(require.resolve(name)).toMatch(/\/packages\/(core|client|nest)\/dist\//);
    }
    expect(import.meta.resolve('@facet/nest')).toMatch(/\/packages\/nest\/dist\/esm\/index\.js$/);
  });
});
