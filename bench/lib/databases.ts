// Where a scenario's database lives. PGlite: inside the data folder, so a fresh folder is a fresh
// database. PostgreSQL (BENCH_DATABASE_URL): a database of its own on that server, created here and
// dropped afterwards, so the bench never touches the database the URL names.
import pg from 'pg';

export interface DatabaseHost {
  kind: 'pglite' | 'postgres';
  /** A new empty database, or a copy of a template; its URL, undefined for PGlite. */
  create(name: string, template?: string): Promise<string | undefined>;
  drop(name: string): Promise<void>;
  close(): Promise<void>;
  /** What the table shows: "PGlite 0.5.16 (PostgreSQL 18.6)" or the server's version. */
  describe(): Promise<string>;
}

export function pgliteHost(): DatabaseHost {
  return {
    kind: 'pglite',
    create: async () => undefined,
    drop: async () => {},
    close: async () => {},
    describe: async () => {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create();
      try {
        const [row] = (await db.query<{ version: string }>("SELECT current_setting('server_version') AS version")).rows;
        return `PGlite (embedded, PostgreSQL ${row?.version ?? '?'} in WebAssembly)`;
      } finally {
        await db.close();
      }
    },
  };
}

export async function postgresHost(adminUrl: string): Promise<DatabaseHost> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows: version } = await admin.query<{ number: string }>(
    "SELECT current_setting('server_version_num') AS number",
  );
  // PostgreSQL 15's default strategy writes the whole copy to the WAL: copying the files is far quicker.
  const strategy = Number(version[0]?.number) >= 150000 ? ' STRATEGY FILE_COPY' : '';
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    kind: 'postgres',
    async create(name, template) {
      await admin.query(`CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}${strategy}` : ''}`);
      return urlOf(name);
    },
    async drop(name) {
      await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    },
    close: () => admin.end(),
    async describe() {
      const { rows } = await admin.query<{ version: string }>("SELECT current_setting('server_version') AS version");
      const settings = await admin.query<{ name: string; setting: string; unit: string | null }>(
        `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'jit')`,
      );
      const details = settings.rows.map((row) => `${row.name}=${row.setting}${row.unit ?? ''}`).join(', ');
      return `PostgreSQL ${rows[0]?.version ?? '?'} server at ${new URL(adminUrl).host} (${details})`;
    },
  };
}
