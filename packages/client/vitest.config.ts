import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'client',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
});
