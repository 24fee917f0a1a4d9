// Runs once per test run and database kind: migrates a template database that every test file then
// copies, so no file pays for a full migration and none sees another's rows.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.ts';
import { createPgliteRunner, createPgPoolRunner } from '../../server/db/sql-runner.ts';
import { databaseUrlWithName, quoteIdent } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
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
  const pglite = await PGlite.create();
  await migrate(createPgliteRunner(pglite));
  const templateFile = path.join(workDir, 'pglite-template.tar');
  writeFileSync(templateFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', templateFile);

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
