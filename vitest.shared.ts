// Tests run against the TypeScript sources of the workspace packages, so a change is tested without
// a build. What ships (dist/, both module formats) is checked separately by each package's
// dual-build smoke test and by `npm run check:packages`.
import { fileURLToPath } from 'node:url';

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

export const workspaceAlias = [
  { find: /^@facet\/core$/, replacement: src('core/src/index.ts') },
  { find: /^@facet\/client$/, replacement: src('client/src/index.ts') },
  {
    find: /^@facet\/client\/(api|table|autocomplete|vue|react|tanstack)$/,
    replacement: src('client/src/$1/index.ts'),
  },
  { find: /^@facet\/nest$/, replacement: src('nest/src/index.ts') },
  { find: /^@facet\/nest\/(advanced|casl|swagger)$/, replacement: src('nest/src/$1/index.ts') },
];
