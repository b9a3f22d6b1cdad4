import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'core',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
});
