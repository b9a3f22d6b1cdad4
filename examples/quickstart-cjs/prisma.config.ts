// Prisma CLI configuration (generate only: src/database.ts applies the committed DDL itself).
// `prisma generate` refuses to run unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file, and
// generation never calls the engine, so any file will do.
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/dev/null';

export default defineConfig({
  schema: 'prisma/schema.prisma',
});
