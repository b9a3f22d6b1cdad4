import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'library',
    include: ['test/**/*.test.ts'],
  },
});
