// `npm run generate`: Prisma Client and Pothos types from prisma/schema.prisma, schema.graphql from
// the Pothos schema, and the client's typed documents from schema.graphql, in that order.
// With --if-needed (after npm install) it skips printing schema.graphql, which is committed.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

export function generatePrismaClient(): void {
  // `prisma generate` never runs the schema engine, but the CLI insists on finding one and would try
  // to download it (impossible without internet access): any existing file satisfies it.
  run(bin('prisma'), ['generate', '--no-hints'], {
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  });
}

export async function printGraphqlSchema(): Promise<void> {
  // Imported only now: the schema's modules need the Prisma Client generated just above.
  const { printSchemaSdl } = await import('../server/schema.ts');
  writeFileSync(path.join(root, 'schema.graphql'), printSchemaSdl());
  console.log('✔ Printed schema.graphql');
}

export function generateClientDocuments(): void {
  // Absent after `npm ci --omit=dev`: a production install serves a client built beforehand.
  if (!existsSync(bin('graphql-codegen'))) {
    console.log('graphql-codegen is not installed (no devDependencies): skipping the client documents');
    return;
  }
  run(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent']);
  console.log('✔ Generated typed documents to client/src/gql and tests/gql');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifNeeded = process.argv.includes('--if-needed');
  generatePrismaClient();
  if (!ifNeeded) await printGraphqlSchema();
  generateClientDocuments();
}
