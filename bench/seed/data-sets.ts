// Fresh data sets for the scenarios. Each size is seeded once per run into a template, and every
// scenario gets its own copy of it: a fresh DATA_DIR (database files copied, image files hard-linked)
// or, on PostgreSQL, a database created from the template. A scenario's writes never reach another.
import { cp, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHost } from '../lib/databases.ts';
import { seedDataSet, type DataSetInfo } from './seed-data-set.ts';

export interface DataSet {
  dataDir: string;
  /** Undefined on PGlite: the database is in dataDir/db. */
  databaseUrl: string | undefined;
  info: DataSetInfo;
  dispose(): Promise<void>;
}

interface Template {
  dataDir: string;
  databaseName: string;
  info: DataSetInfo;
}

export class DataSets {
  private readonly templates = new Map<number, Promise<Template>>();
  private counter = 0;
  /** Names of this run's databases and folders: lower case, so PostgreSQL needs no quoting rules. */
  private readonly prefix: string;
  private constructor(
    readonly root: string,
    private readonly host: DatabaseHost,
    private readonly log: (message: string) => void,
    private readonly keep: boolean,
  ) {
    this.prefix = path.basename(root).replace(/\W/g, '_').toLowerCase();
  }

  static async create(host: DatabaseHost, log: (message: string) => void, keep: boolean): Promise<DataSets> {
    return new DataSets(await mkdtemp(path.join(os.tmpdir(), 'blog-bench-')), host, log, keep);
  }

  /** A copy of the data set with this many posts, seeding it first if this run has not yet. */
  async fresh(posts: number): Promise<DataSet> {
    const template = await this.template(posts);
    const name = this.nextName();
    const dataDir = path.join(this.root, name);
    if (this.host.kind === 'pglite') {
      await cp(path.join(template.dataDir, 'db'), path.join(dataDir, 'db'), { recursive: true });
    }
    await linkTree(path.join(template.dataDir, 'uploads'), path.join(dataDir, 'uploads'));
    const databaseUrl = await this.host.create(name, template.databaseName);
    return { dataDir, databaseUrl, info: template.info, dispose: () => this.remove(name, dataDir) };
  }

  /** An empty data folder and database, as a first start finds them. */
  async empty(): Promise<Omit<DataSet, 'info'>> {
    const name = this.nextName();
    const dataDir = path.join(this.root, name);
    await mkdir(dataDir, { recursive: true });
    const databaseUrl = await this.host.create(name);
    return { dataDir, databaseUrl, dispose: () => this.remove(name, dataDir) };
  }

  async dispose(): Promise<void> {
    for (const template of this.templates.values()) {
      const { databaseName } = await template.catch(() => ({ databaseName: undefined }));
      if (databaseName && !this.keep) await this.host.drop(databaseName);
    }
    if (this.keep) this.log(`Kept the data sets in ${this.root}`);
    else await rm(this.root, { recursive: true, force: true });
  }

  private template(posts: number): Promise<Template> {
    let template = this.templates.get(posts);
    if (!template) {
      template = this.seedTemplate(posts);
      this.templates.set(posts, template);
    }
    return template;
  }

  private async seedTemplate(posts: number): Promise<Template> {
    const databaseName = `${this.prefix}_t${posts}`;
    const dataDir = path.join(this.root, `template-${posts}`);
    const started = performance.now();
    this.log(`Seeding ${posts} posts (${this.host.kind})…`);
    const databaseUrl = await this.host.create(databaseName);
    const info = await seedDataSet(dataDir, databaseUrl, posts, this.log);
    this.log(`Seeded ${posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { dataDir, databaseName, info };
  }

  private nextName(): string {
    this.counter += 1;
    return `${this.prefix}_${this.counter}`;
  }

  private async remove(name: string, dataDir: string): Promise<void> {
    if (this.keep) return;
    await this.host.drop(name);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Recreates a folder tree with hard links to its files: instant, and a deletion in the copy stays there. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isDirectory())) {
    await linkTree(path.join(from, entry.name), path.join(to, entry.name));
  }
  const files = entries.filter((e) => !e.isDirectory());
  // A few hundred at a time: 300 000 files one by one would take longer than the seeding.
  for (let i = 0; i < files.length; i += 512) {
    await Promise.all(files.slice(i, i + 512).map((e) => link(path.join(from, e.name), path.join(to, e.name))));
  }
}
