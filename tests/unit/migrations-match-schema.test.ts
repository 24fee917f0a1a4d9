// A change to prisma/schema.prisma without a migration would reach production with tables that do not
// match the client, so CI replays the committed migrations and compares them with the schema.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema } from '../../scripts/lib/schema-engine.ts';

const prismaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma');

// The WebAssembly schema engine takes a few seconds to load and replay the history.
const ENGINE_TIMEOUT_MS = 120_000;

describe('prisma/migrations', () => {
  it(
    'produce exactly prisma/schema.prisma',
    async () => {
      const missingSql = await diffMigrationsToSchema({
        migrationsDir: path.join(prismaDir, 'migrations'),
        schemaPath: path.join(prismaDir, 'schema.prisma'),
      });

      expect(
        missingSql,
        'prisma/schema.prisma has changes that no migration creates: run ' +
          '`npm run db:migration:create -- <name>` and commit the new prisma/migrations/ folder ' +
          '(the SQL it would contain is shown below)',
      ).toBe('');
    },
    ENGINE_TIMEOUT_MS,
  );
});
