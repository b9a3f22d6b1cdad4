import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'quickstart',
  // Suites start databases and HTTP servers in their hooks; on a busy 2-core machine that can
  // take longer than vitest's 10 s default without anything being wrong.
  hookTimeout: 60_000,
  include: ['test/**/*.test.ts'],
});
