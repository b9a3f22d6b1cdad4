import { workspaceProject } from '../../vitest.shared.js';

// The example's HTTP suites again, with the app on Fastify (`HTTP_PLATFORM`, read by
// test/support/startLibrary.ts): the contract, the refusals and the leak probes must hold on both
// platforms, not only on the default Express. test/http-platform.test.ts compares the two directly.
export default workspaceProject({
  name: 'library-fastify',
  hookTimeout: 60_000,
  env: { HTTP_PLATFORM: 'fastify' },
  include: [
    'test/api.test.ts',
    'test/hostile.test.ts',
    'test/leaks.test.ts',
    'test/keyset.test.ts',
    'test/openapi-per-caller.test.ts',
    'test/search-counts.test.ts',
    'test/writes.test.ts',
  ],
});
