import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../vitest.shared.js';

// Unit tests of the bench's own logic (statistics, report, chart); the bench itself is `npm run bench`.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
  },
});
