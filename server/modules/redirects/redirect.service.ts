// The redirects table (issue 36): old addresses of this site leading to new paths or other sites.
// The server applies them only where it would answer 404 (server/modules/pages/client-files.ts), so a
// redirect never hides a live page; a post's former slugs redirect on their own (post-slugs.ts) and
// are listed beside them, read-only. Every server keeps the table in memory until a change to it is
// announced (the Redirect trigger, tag `redirects`), so a new redirect works at once on every instance.
import type { ContentChanges } from '../../cache/content-changes.ts';
import { changeOf } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import { ReadCache } from '../../cache/read-cache.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { csvRow, parseCsv } from '#kernel/csv.ts';
import { redirectMessages } from '#kernel/messages.ts';
import {
  parseRedirectFrom,
  permanentOf,
  REDIRECT_CSV_HEADER,
  REDIRECT_IMPORT_MAX,
  redirectFieldErrors,
  redirectPathKey,
  statusOf,
  type RedirectRule,
} from '#kernel/redirect-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { isUniqueViolation } from '../shared/prisma-errors.ts';

/** A row of the studio's table: the author's redirects, and the posts' former slugs (read-only). */
export interface RedirectRow extends RedirectRule {
  id: string;
  createdAt: Date;
  /** A post's former address: it redirects to the post's current one and goes with the post. */
  formerSlug: boolean;
}

export const REDIRECTS_CHANGE = changeOf(['redirects']);

/** Whether the site answers a path with something other than a 404 (asked of the app itself). */
export type LiveCheck = (path: string) => Promise<boolean>;

type Table = ReadonlyMap<string, RedirectRule>;

export class RedirectService {
  // One entry: the whole table, a few KB for a blog's redirects.
  private readonly cache: ReadCache<Table>;
  private liveCheck: LiveCheck = async () => false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly changes: ContentChanges,
  ) {
    this.cache = new ReadCache<Table>(changes, {
      maxBytes: 4 * 1024 * 1024,
      sizeOf: (table) =>
        256 + [...table.values()].reduce((sum, rule) => sum + 2 * (rule.from.length + rule.to.length) + 64, 0),
    });
  }

  /** The app, once built, tells what is live (server/app.ts): it is the one that knows every route. */
  setLiveCheck(check: LiveCheck): void {
    this.liveCheck = check;
  }

  private table(): Promise<Table> {
    return this.cache.get('table', async () => {
      depend(['redirects']);
      const rows = await this.prisma.redirect.findMany({ select: { from: true, to: true, permanent: true } });
      return new Map(rows.map((row) => [row.from, row]));
    });
  }

  /** The redirect for a request's path (as sent, percent-encoded), if there is one. */
  async forPath(pathname: string): Promise<RedirectRule | null> {
    const key = redirectPathKey(pathname);
    if (key === null) return null;
    return (await this.table()).get(key) ?? null;
  }

  /** Every redirect, the author's first (newest first), then the posts' former slugs. */
  async list(): Promise<RedirectRow[]> {
    const [own, former] = await Promise.all([
      this.prisma.redirect.findMany({ orderBy: [{ createdAt: 'desc' }, { from: 'asc' }] }),
      this.prisma.postSlugRedirect.findMany({
        orderBy: [{ createdAt: 'desc' }, { slug: 'asc' }],
        select: { slug: true, createdAt: true, post: { select: { slug: true } } },
      }),
    ]);
    return [
      ...own.map((row) => ({ ...row, formerSlug: false })),
      ...former.map((row) => ({
        id: `former:${row.slug}`,
        from: postPath(row.slug),
        to: postPath(row.post.slug),
        permanent: true,
        createdAt: row.createdAt,
        formerSlug: true,
      })),
    ];
  }

  /** Checks a new redirect against the kept ones (and those before it in an import): field errors, empty when fine. */
  private async check(
    input: { from: string; to: string },
    table: Map<string, string>,
  ): Promise<Partial<Record<'from' | 'to', string>>> {
    const errors = redirectFieldErrors(input, table);
    const parsed = parseRedirectFrom(input.from);
    if (!errors.from && 'from' in parsed && (await this.liveCheck(encodePath(parsed.from)))) {
      errors.from = redirectMessages.live;
    }
    return errors;
  }

  private async targets(): Promise<Map<string, string>> {
    const rows = await this.prisma.redirect.findMany({ select: { from: true, to: true } });
    return new Map(rows.map((row) => [row.from, row.to]));
  }

  async create(input: { from: string; to: string; permanent?: boolean | null }): Promise<RedirectRow> {
    const errors = await this.check(input, await this.targets());
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const from = (parseRedirectFrom(input.from) as { from: string }).from;
    try {
      const row = await this.prisma.redirect.create({
        data: { from, to: input.to.trim(), permanent: input.permanent ?? true },
      });
      this.changes.changed(REDIRECTS_CHANGE);
      return { ...row, formerSlug: false };
    } catch (error) {
      // Another request added the same address in between: the unique index has the last word.
      if (isUniqueViolation(error)) throw validationError({ from: redirectMessages.duplicate });
      throw error;
    }
  }

  /** Deletes one of the author's redirects; returns its id. */
  async delete(id: string): Promise<string> {
    if (id.startsWith('former:')) throw new AppError('BAD_USER_INPUT', redirectMessages.formerSlug);
    if (!isUuid(id)) throw notFound(redirectMessages.notFound);
    const { count } = await this.prisma.redirect.deleteMany({ where: { id } });
    if (count === 0) throw notFound(redirectMessages.notFound);
    this.changes.changed(REDIRECTS_CHANGE);
    return id;
  }

  /** The author's redirects as CSV (from,to,status), oldest first, as import reads them back. */
  async exportCsv(): Promise<string> {
    const rows = await this.prisma.redirect.findMany({ orderBy: [{ createdAt: 'asc' }, { from: 'asc' }] });
    return [REDIRECT_CSV_HEADER, ...rows.map((row) => [row.from, row.to, statusOf(row.permanent)])]
      .map((fields) => `${csvRow(fields)}\r\n`)
      .join('');
  }

  /**
   * Adds every row of a CSV (from,to,status), each checked as a new redirect against those kept and
   * the rows before it. One bad row and nothing is added: the field errors name each bad row's line
   * (`line 3`), after `csv`, which says so. dryRun checks without adding.
   */
  async importCsv(csv: string, dryRun = false): Promise<RedirectRow[]> {
    const [header, ...rows] = parseCsv(csv);
    const headerFields = header?.fields.map((field) => field.trim().toLowerCase());
    if (!headerFields || headerFields.join(',') !== REDIRECT_CSV_HEADER.join(',')) {
      throw validationError({ csv: redirectMessages.csvHeader });
    }
    if (rows.length === 0) throw validationError({ csv: redirectMessages.csvEmpty });
    if (rows.length > REDIRECT_IMPORT_MAX) throw validationError({ csv: redirectMessages.csvTooMany });
    const table = await this.targets();
    const rowErrors: Record<string, string> = {};
    const accepted: Array<{ from: string; to: string; permanent: boolean }> = [];
    for (const { line, fields } of rows) {
      const [from = '', to = '', status = ''] = fields;
      const permanent = permanentOf(status);
      const errors =
        fields.length !== 3 ? { from: redirectMessages.csvColumns } : await this.check({ from, to }, table);
      const problem = errors.from ?? errors.to ?? (permanent === null ? redirectMessages.csvStatus : undefined);
      if (problem) {
        rowErrors[`line ${line}`] = `Line ${line} (${from.trim() || 'no address'}): ${problem}`;
        continue;
      }
      const key = (parseRedirectFrom(from) as { from: string }).from;
      table.set(key, to.trim());
      accepted.push({ from: key, to: to.trim(), permanent: permanent! });
    }
    if (Object.keys(rowErrors).length > 0) {
      throw validationError({ csv: redirectMessages.csvRefused, ...rowErrors });
    }
    if (dryRun) {
      return accepted.map((row, index) => ({ ...row, id: `new:${index}`, createdAt: new Date(), formerSlug: false }));
    }
    const created = await this.prisma.$transaction(accepted.map((row) => this.prisma.redirect.create({ data: row })));
    this.changes.changed(REDIRECTS_CHANGE);
    return created.map((row) => ({ ...row, formerSlug: false }));
  }
}

/** A stored (decoded) path as a request sends it. */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}
