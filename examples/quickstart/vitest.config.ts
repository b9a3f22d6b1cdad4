import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'quickstart',
    // Suites start databases and HTTP servers in their hooks; on a busy 2-core machine that can
    // take longer than vitest's 10 s default without anything being wrong.
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
  },
});
