import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'quickstart-cjs',
  // The suite compiles the app with tsc and starts it with node: slow on a busy 2-core machine.
  hookTimeout: 180_000,
  // tsc runs in tests (the front end against the server): seconds, not milliseconds.
  testTimeout: 120_000,
  include: ['test/**/*.test.ts'],
});
