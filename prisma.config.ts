// Prisma CLI configuration. Only `prisma generate` is run through the CLI (scripts/generate.ts):
// migrations are applied by server/db/migrate.ts and created by scripts/create-migration.ts,
// because the CLI's native schema engine cannot be downloaded on our machines.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
