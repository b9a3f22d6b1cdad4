import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/client',
      'packages/nest',
      'examples/library',
      'examples/library/vitest.fastify.config.ts',
      'examples/library/vitest.prisma.config.ts',
      'examples/quickstart',
      'examples/quickstart-cjs',
      'bench',
      'test-support',
      // Last: it reads the packages' dist/, which `npm test` builds first.
      'conformance',
    ],
  },
});
