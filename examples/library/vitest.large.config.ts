// The large-dataset suite alone (`npm run test:large`): kept out of the main run (vitest.config.ts)
// because it generates 600,000 rows and times what the server accepts, which needs the CPU to itself.
import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject({
  name: 'library-large',
  include: ['test/large/**/*.suite.ts'],
  fileParallelism: false,
});
