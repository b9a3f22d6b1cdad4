import { workspaceProject } from '../vitest.shared.js';

// No `resolve.alias` (unlike every other project, see vitest.shared.ts): @facet/core, @facet/client
// and @facet/nest resolve through node_modules to their dist/, as in an application, so these tests
// check what ships. `npm test` builds the packages before it runs vitest.
export default workspaceProject(
  {
    name: 'conformance',
    // Suites start PGlite databases and HTTP servers in their hooks; a busy 2-core machine can take
    // longer than vitest's 10 s default without anything being wrong.
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
  },
  { alias: false },
);
