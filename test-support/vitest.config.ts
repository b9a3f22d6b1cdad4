import { workspaceProject } from '../vitest.shared.js';

// Checks of the workspace's test setup itself (aliases, projects, property-test seeds).
export default workspaceProject({
  name: 'test-support',
  include: ['test/**/*.test.ts'],
});
