// The load suite alone (`npm run test:load`): kept out of the main run (vitest.config.ts), where
// other test files would share the CPU and make its figures meaningless.
import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'library-load',
  include: ['test/load/**/*.suite.ts'],
  // One file, one worker: nothing else runs while the load does.
  fileParallelism: false,
});
