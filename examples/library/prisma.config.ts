// Prisma CLI configuration (generate only: the app applies the committed DDL itself).
// `prisma generate` refuses to run unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file, and the
// native schema engine cannot be downloaded here; generation never calls it, so any file will do.
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/dev/null';

export default defineConfig({
  schema: 'prisma/schema.prisma',
});
