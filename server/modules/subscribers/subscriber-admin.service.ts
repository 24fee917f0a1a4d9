// The studio's subscribers (issue 40, item 5), for the admin alone (the schema and the routes check):
// the list (search by address, filter by status, pages), the counts by status, removing one, the CSV
// export and the import of a list from elsewhere, and a post's test e-mail to its author.
// Design: docs/decisions/059-subscribers-in-the-studio.md.
import { randomBytes } from 'node:crypto';
import { isUuid } from '#kernel/id-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import {
  SUBSCRIBERS_INVALID_SHOWN,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberAdminMessages,
  type SubscriberImportAnswer,
  type SubscriberStatusName,
} from '#kernel/subscriber-admin-rules.ts';
import { SUBSCRIBE_PATH } from '#kernel/subscriber-rules.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { enqueueMail, type Outbox } from '../mail/outbox.ts';
import { POST_NOT_FOUND } from '../post/post-types.ts';
import { renderPostMail } from './post-mail.ts';
import { csvCell, readSubscriberCsv } from './subscriber-csv.ts';
import { withdrawWaitingMail } from './withdraw-mail.ts';

export interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatusName;
  consentSource: string;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

export interface SubscriberPage {
  items: SubscriberRow[];
  page: number;
  pages: number;
  total: number;
}

const SELECT = {
  id: true,
  email: true,
  status: true,
  consentSource: true,
  createdAt: true,
  confirmedAt: true,
  unsubscribedAt: true,
} as const;

/** Rows written (and existing addresses looked up) this many at a time. */
const CHUNK = 1000;

export class SubscriberAdminService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Pick<Config, 'siteUrl' | 'siteName'>,
    private readonly outbox: Outbox,
  ) {}

  async list(params: {
    query?: string | null;
    status?: SubscriberStatusName | null;
    page?: number;
  }): Promise<SubscriberPage> {
    const page = Math.max(1, Math.trunc(params.page ?? 1));
    const query = params.query?.trim().toLowerCase() ?? '';
    const where: Prisma.SubscriberWhereInput = {
      ...(query ? { email: { contains: query } } : {}),
      ...(params.status ? { status: params.status } : {}),
    };
    const [total, items] = await Promise.all([
      this.prisma.subscriber.count({ where }),
      this.prisma.subscriber.findMany({
        where,
        select: SELECT,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * SUBSCRIBERS_PAGE_SIZE,
        take: SUBSCRIBERS_PAGE_SIZE,
      }),
    ]);
    return { items, page, pages: Math.ceil(total / SUBSCRIBERS_PAGE_SIZE), total };
  }

  async counts(): Promise<Record<SubscriberStatusName, number>> {
    const groups = await this.prisma.subscriber.groupBy({ by: ['status'], _count: { _all: true } });
    const counts = { confirmed: 0, pending: 0, unsubscribed: 0, bounced: 0 };
    for (const group of groups) counts[group.status] = group._count._all;
    return counts;
  }

  /** Gone with its deliveries' record: an import may bring the address back, a reader may subscribe again. */
  async remove(id: string): Promise<boolean> {
    const removed = isUuid(id)
      ? await this.prisma.$transaction(async (tx) => {
          // Their waiting post e-mails go first: the deliveries that name them go with the subscriber.
          await withdrawWaitingMail(tx, id);
          return tx.subscriber.deleteMany({ where: { id } });
        })
      : { count: 0 };
    if (removed.count === 0) throw notFound(subscriberAdminMessages.notFound);
    return true;
  }

  /** Every subscriber as CSV lines, the header first, read a page of rows at a time (10 000 rows or more). */
  async *csvLines(): AsyncGenerator<string> {
    yield 'email,status,subscribed_at,confirmed_at,unsubscribed_at,source\r\n';
    const iso = (date: Date | null) => date?.toISOString() ?? '';
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.prisma.subscriber.findMany({
        select: SELECT,
        orderBy: { id: 'asc' },
        take: CHUNK,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      if (rows.length === 0) return;
      yield rows
        .map(
          (row) =>
            [
              row.email,
              row.status,
              iso(row.createdAt),
              iso(row.confirmedAt),
              iso(row.unsubscribedAt),
              row.consentSource,
            ]
              .map(csvCell)
              .join(',') + '\r\n',
        )
        .join('');
      cursor = rows.at(-1)!.id;
    }
  }

  /**
   * A list from elsewhere: previewed (apply false) or imported. New addresses are confirmed, their
   * consent "imported:<source>" (given there), and get no e-mail; an address here already is left as
   * it is, so an unsubscribed one stays unsubscribed and the same file twice adds nothing.
   */
  async importCsv(bytes: Uint8Array, apply: boolean, now = Date.now()): Promise<SubscriberImportAnswer> {
    const read = readSubscriberCsv(bytes, now);
    const emails = read.subscribers.map((row) => row.email);
    const known = new Set<string>();
    for (let start = 0; start < emails.length; start += CHUNK) {
      const found = await this.prisma.subscriber.findMany({
        where: { email: { in: emails.slice(start, start + CHUNK) } },
        select: { email: true },
      });
      for (const { email } of found) known.add(email);
    }
    const fresh = read.subscribers.filter((row) => !known.has(row.email));
    let added = fresh.length;
    if (apply) {
      added = 0;
      const consentSource = `imported:${read.source}`;
      for (let start = 0; start < fresh.length; start += CHUNK) {
        // skipDuplicates: an address added meanwhile (a reader, another import) is left as it is.
        const written = await this.prisma.subscriber.createMany({
          data: fresh.slice(start, start + CHUNK).map(({ email, since }) => {
            const at = since ?? new Date(now);
            return {
              email,
              status: 'confirmed' as const,
              consentSource,
              unsubscribeKey: randomBytes(24).toString('base64url'),
              createdAt: at,
              confirmedAt: at,
            };
          }),
          skipDuplicates: true,
        });
        added += written.count;
      }
    }
    return {
      source: read.source,
      added,
      alreadyHere: read.subscribers.length - added + read.repeated,
      unsubscribedInSource: read.unsubscribedInSource,
      invalidCount: read.invalid.length,
      invalid: read.invalid.slice(0, SUBSCRIBERS_INVALID_SHOWN),
      applied: apply,
    };
  }

  /**
   * The post's e-mail as subscribers will get it (post-mail.ts), "[Test] " before its subject, to
   * the signed-in author alone, through the outbox. Its unsubscribe link leads to the /subscribe page.
   */
  async sendTestEmail(postId: string, to: string): Promise<string> {
    if (!this.outbox.configured) throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.mailNotConfigured);
    const post = isUuid(postId)
      ? await this.prisma.post.findUnique({
          where: { id: postId },
          select: { slug: true, title: true, subtitle: true, description: true, content: true },
        })
      : null;
    if (!post) throw notFound(POST_NOT_FOUND);
    const mail = renderPostMail(
      { ...post, url: `${this.config.siteUrl}${postPath(post.slug)}` },
      this.config.siteUrl,
      this.config.siteName,
      `${this.config.siteUrl}${SUBSCRIBE_PATH}`,
    );
    await enqueueMail(this.prisma, { kind: 'post-test', to, ...mail, subject: `[Test] ${mail.subject}` });
    this.outbox.wake();
    return subscriberAdminMessages.testSent(to);
  }
}
