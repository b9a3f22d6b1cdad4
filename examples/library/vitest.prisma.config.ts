import { workspaceProject } from '../../vitest.shared.js';

// The example's HTTP suites again, with its resources reading through Prisma (`READ_ENGINE=prisma`,
// read by test/support/startLibrary.ts) instead of the compiled engine it runs on by default: the
// contract, the refusals and the leak probes must hold on both engines.
// test/sql-engine.differential.test.ts compares the two engines' answers directly.
export default workspaceProject({
  name: 'library-prisma',
  hookTimeout: 60_000,
  env: { READ_ENGINE: 'prisma' },
  include: [
    'test/api.test.ts',
    'test/hostile.test.ts',
    'test/leaks.test.ts',
    'test/keyset.test.ts',
    'test/oracle-table.test.ts',
    'test/search-counts.test.ts',
    'test/to-one-access.test.ts',
    'test/writes.test.ts',
  ],
});
