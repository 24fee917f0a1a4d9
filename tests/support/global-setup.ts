// Runs once per test run and database kind: migrates a template database that every test file then
// copies, so no file pays for a full migration and none sees another's rows; and builds the server
// as `npm run build` does, for the tests that run it as a process.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/lib/server-build.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgliteRunner, createPgPoolRunner } from '../../server/db/sql-runner.ts';
import { databaseUrlWithName, quoteIdent } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    /** A PGlite database as created, before any migration. */
    pgliteEmptyFile: string;
    /** The server compiled from the run's sources (tests/support/server-process.ts starts it). */
    serverBuildFile: string;
    postgresTemplate: { adminUrl: string; templateName: string } | null;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND;
  const workDir = path.join(os.tmpdir(), `blog-tests-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(workDir, { recursive: true });
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })];

  // Every project gets a PGlite template, even the postgres one, for the few tests that need an
  // embedded database whatever the run.
  // Its state before the migrations is kept too: loading a dump takes a third of the time of
  // creating a database, for the tests of what happens on an empty one.
  const pglite = await PGlite.create();
  const dump = async (name: string) => {
    const file = path.join(workDir, name);
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  project.provide('pgliteEmptyFile', await dump('pglite-empty.tar'));
  await migrate(createPgliteRunner(pglite));
  project.provide('pgliteTemplateFile', await dump('pglite-template.tar'));
  await pglite.close();

  // Inside the project, beside npm start's dist/server (the bundle leaves installed packages to Node,
  // which finds them from the file's folder up), one per run and project: two projects build at once.
  // Compiled once here rather than transformed by tsx at each of the suite's forty-odd server starts.
  const serverDir = path.resolve(import.meta.dirname, '../../dist', path.basename(workDir) + `-${kind}-server`);
  await buildServer(serverDir);
  project.provide('serverBuildFile', path.join(serverDir, 'index.js'));
  cleanups.push(() => rmSync(serverDir, { recursive: true, force: true }));

  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const templateName = `blog_test_template_${process.pid}`;
    const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(templateName)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(templateName)}`);
    const templatePool = new pg.Pool({ connectionString: databaseUrlWithName(adminUrl, templateName), max: 2 });
    await migrate(createPgPoolRunner(templatePool));
    await templatePool.end();
    project.provide('postgresTemplate', { adminUrl, templateName });
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(templateName)} WITH (FORCE)`);
      await admin.end();
    });
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
