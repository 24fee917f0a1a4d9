// `npm run db:migration:create -- <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with the SQL that takes the committed migrations to prisma/schema.prisma. It stands in for
// `prisma migrate dev --create-only`, whose native engine cannot be downloaded here (see schema-engine.ts).
// The migration is applied by server/db/migrate.ts when the server next starts.
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffMigrationsToSchema, MIGRATION_LOCK_FILE } from './lib/schema-engine.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');
const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');

/** Becomes part of a folder name and of the history's sort order: keep it plain and portable. */
const MIGRATION_NAME_PATTERN = /^[a-z0-9_]+$/;
const MAX_NAME_LENGTH = 100;

class UsageError extends Error {}

async function main(args: readonly string[]): Promise<void> {
  const name = parseName(args);
  const script = await diffMigrationsToSchema({ migrationsDir, schemaPath });
  if (script === '') {
    console.log('No schema changes: nothing to create.');
    return;
  }
  const migrationFile = await writeMigration(name, script);
  await writeLockFileIfMissing();
  console.log(`Created ${path.relative(process.cwd(), migrationFile)}`);
  console.log(
    'Review it (hand edits are fine before it is committed); it is applied automatically at the next server start.',
  );
}

function parseName(args: readonly string[]): string {
  const positional = args.filter((arg) => arg !== '--');
  if (positional.length !== 1) {
    throw new UsageError('Usage: npm run db:migration:create -- <name>   (e.g. add_post_slug)');
  }
  const name = positional[0]!;
  if (!MIGRATION_NAME_PATTERN.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new UsageError(
      `Invalid migration name "${name}": use lowercase letters, digits and underscores (at most ${MAX_NAME_LENGTH}).`,
    );
  }
  return name;
}

/** Same naming as Prisma: the UTC time to the second, so folder names sort in creation order. */
function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

async function writeMigration(name: string, script: string): Promise<string> {
  const folder = path.join(migrationsDir, `${migrationTimestamp(new Date())}_${name}`);
  // recursive: false makes an existing folder (same second, same name) an error rather than an overwrite.
  await mkdir(migrationsDir, { recursive: true });
  await mkdir(folder);
  const file = path.join(folder, 'migration.sql');
  await writeFile(file, script.endsWith('\n') ? script : `${script}\n`, { flag: 'wx' });
  return file;
}

async function writeLockFileIfMissing(): Promise<void> {
  const lockFile = path.join(migrationsDir, MIGRATION_LOCK_FILE.name);
  const exists = await access(lockFile).then(
    () => true,
    () => false,
  );
  if (!exists) await writeFile(lockFile, MIGRATION_LOCK_FILE.content);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof UsageError ? message : `Could not create the migration: ${message}`);
  process.exitCode = 1;
});
