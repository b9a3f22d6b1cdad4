import { workspaceProject } from '../vitest.shared.js';

// Unit tests of the bench's own logic (statistics, report, chart); the bench itself is `npm run bench`.
export default workspaceProject({
  name: 'bench',
  include: ['src/**/*.test.ts'],
});
