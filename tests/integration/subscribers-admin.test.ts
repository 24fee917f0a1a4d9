// Issue 40, items 5 and 6: the studio's subscribers. The list (search, status, pages), the counts
// and removing one, for the admin alone (anonymous and readers get no address, by GraphQL or REST);
// the CSV export; the import of lists exported from Ghost, Substack and Mailchimp (a preview, then
// the import: confirmed, no e-mail, an unsubscribed address stays so, twice adds nothing; bad files
// refused and nothing written); a post's test e-mail to its author through a real SMTP server. On
// both databases.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  SUBSCRIBERS_CSV_MAX_BYTES,
  SUBSCRIBERS_CSV_PATH,
  SUBSCRIBERS_IMPORT_PATH,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberAdminMessages,
} from '#kernel/subscriber-admin-rules.ts';
import { seedPosts } from '../support/content.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { createTestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const LIST = `query ($query: String, $status: SubscriberStatus, $page: Int) {
  subscribers(query: $query, status: $status, page: $page) { total page pages items { id email status consentSource createdAt confirmedAt } }
  subscriberCounts { confirmed pending unsubscribed bounced }
}`;
const REMOVE = 'mutation ($id: ID!) { removeSubscriber(id: $id) }';
const TEST_MAIL = 'mutation ($postId: ID!) { sendTestEmail(postId: $postId) }';

const GHOST = [
  'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
  '5f1,ghost.one@example.com,One,,true,,,2023-04-01T10:00:00.000Z,,,',
  '5f2,Ghost.Two@Example.com,"Two, the second",,true,,,2023-05-01T10:00:00.000Z,,,',
  '5f3,gone@example.com,Gone,,false,,,2023-05-02T10:00:00.000Z,,,',
  '5f4,not-an-address,Bad,,true,,,2023-05-03T10:00:00.000Z,,,',
  '5f5,here.before@example.com,Here,,true,,,2023-05-04T10:00:00.000Z,,,',
  '5f6,left.here@example.com,Left,,true,,,2023-05-05T10:00:00.000Z,,,',
].join('\n');
const SUBSTACK = [
  'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
  'stack.one@example.com,false,,free,false,2022-01-02 03:04:05,',
  'stack.off@example.com,false,,free,true,2022-01-02 03:04:05,',
  ',false,,free,false,2022-01-02 03:04:05,',
].join('\n');
const MAILCHIMP = [
  '"Email Address","First Name","Last Name",MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS',
  'chimp@example.com,Chimp,,2,"2021-06-07 08:09:10",,"2021-06-07 08:10:00",,,,,,,,,"2021-06-07 08:10:00",1,a,,',
  'chimp@example.com,Chimp again,,2,"2021-06-07 08:09:10",,,,,,,,,,,,2,b,,',
].join('\r\n');

describe(`the studio's subscribers on ${testDbKind}`, () => {
  let smtp: SmtpCatcher;
  const env: Record<string, string> = { SITE_URL: 'http://blog.test', SITE_NAME: 'Test blog' };
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  const site = appWithAdmin({ env });

  beforeEach(async () => {
    const { prisma } = site.t.db;
    await prisma.outboxMessage.deleteMany();
    await prisma.subscriber.deleteMany();
    smtp.messages.length = 0;
  });

  const seed = (
    rows: Array<{ email: string; status?: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced'; at?: Date }>,
  ) =>
    site.t.db.prisma.subscriber.createMany({
      data: rows.map(({ email, status = 'confirmed', at = new Date() }) => ({
        email,
        status,
        consentSource: 'form',
        unsubscribeKey: randomBytes(24).toString('base64url'),
        createdAt: at,
        confirmedAt: status === 'pending' ? null : at,
      })),
    });
  const upload = (csv: string | Uint8Array, options: { apply?: boolean; cookie?: string } = {}) => {
    const form = new FormData();
    form.set('file', new File([csv as BlobPart], 'list.csv', { type: 'text/csv' }));
    if (options.apply) form.set('apply', '1');
    return site.t.request(SUBSCRIBERS_IMPORT_PATH, {
      method: 'POST',
      body: form,
      headers: options.cookie === '' ? {} : { cookie: options.cookie ?? site.admin },
    });
  };
  const emails = async () =>
    (await site.t.db.prisma.subscriber.findMany({ orderBy: { email: 'asc' } })).map(
      (row) => `${row.email} ${row.status}`,
    );

  test('anonymous callers and readers get no address, by GraphQL or as a file; nothing is removed or imported', async () => {
    await seed([{ email: 'private@example.com' }]);
    const [row] = await site.t.db.prisma.subscriber.findMany();
    const reader = (await site.t.signIn()).cookie;
    for (const cookie of [undefined, reader]) {
      const list = await site.t.graphqlResponse(LIST, {}, { cookie });
      const body = await list.text();
      expect(body).not.toContain('private@example.com');
      expect(JSON.parse(body).errors[0].extensions.code).toBe(cookie ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      const removed = await site.t.graphql(REMOVE, { id: row!.id }, { cookie });
      expect(removed.errors).toHaveLength(1);
      const csv = await site.t.request(SUBSCRIBERS_CSV_PATH, { headers: cookie ? { cookie } : {} });
      expect(csv.status).toBe(cookie ? 403 : 401);
      expect(await csv.text()).not.toContain('private@example.com');
      expect((await upload(GHOST, { apply: true, cookie: cookie ?? '' })).status).toBe(cookie ? 403 : 401);
      expect((await site.t.graphql(TEST_MAIL, { postId: row!.id }, { cookie })).errors).toHaveLength(1);
    }
    expect(await emails()).toEqual(['private@example.com confirmed']);
  });

  test('the list: counts by status, a search by address, a status filter, pages of 50, the newest first; remove one', async () => {
    const start = Date.UTC(2026, 0, 1);
    await seed(
      Array.from({ length: SUBSCRIBERS_PAGE_SIZE + 5 }, (_, i) => ({
        email: `reader${String(i).padStart(3, '0')}@example.com`,
        // One address a receiving server refused for good (decision 058).
        status:
          i === 33
            ? ('bounced' as const)
            : i % 11 === 0
              ? ('unsubscribed' as const)
              : i % 7 === 0
                ? ('pending' as const)
                : ('confirmed' as const),
        at: new Date(start + i * 60_000),
      })),
    );
    const all = await site.t.graphql(LIST, {}, { cookie: site.admin });
    expect(all.errors).toBeUndefined();
    expect(all.data.subscriberCounts).toEqual({ confirmed: 43, pending: 7, unsubscribed: 4, bounced: 1 });
    const bounced = await site.t.graphql(LIST, { status: 'bounced' }, { cookie: site.admin });
    expect(bounced.data.subscribers.items.map((item: { email: string }) => item.email)).toEqual([
      'reader033@example.com',
    ]);
    expect(all.data.subscribers).toMatchObject({ total: 55, page: 1, pages: 2 });
    expect(all.data.subscribers.items).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(all.data.subscribers.items[0]).toMatchObject({
      email: 'reader054@example.com',
      createdAt: new Date(start + 54 * 60_000).toISOString(),
    });
    const second = await site.t.graphql(LIST, { page: 2 }, { cookie: site.admin });
    expect(second.data.subscribers.items.map((item: { email: string }) => item.email)).toEqual([
      'reader004@example.com',
      'reader003@example.com',
      'reader002@example.com',
      'reader001@example.com',
      'reader000@example.com',
    ]);

    const found = await site.t.graphql(LIST, { query: ' READER01', status: 'pending' }, { cookie: site.admin });
    expect(found.data.subscribers.items.map((item: { email: string }) => item.email)).toEqual([
      'reader014@example.com',
    ]);

    const id = found.data.subscribers.items[0].id;
    expect((await site.t.graphql(REMOVE, { id }, { cookie: site.admin })).data).toEqual({ removeSubscriber: true });
    const again = await site.t.graphql(REMOVE, { id }, { cookie: site.admin });
    expect(again.errors![0]!.message).toBe(subscriberAdminMessages.notFound);
    expect((await site.t.graphql(LIST, {}, { cookie: site.admin })).data.subscriberCounts.pending).toBe(6);
  });

  test('the CSV export: every subscriber with status, dates and consent, for the admin', async () => {
    await seed([
      { email: 'one@example.com', at: new Date('2026-02-03T04:05:06.000Z') },
      { email: 'two@example.com', status: 'pending', at: new Date('2026-02-04T04:05:06.000Z') },
    ]);
    const response = await site.t.request(SUBSCRIBERS_CSV_PATH, { headers: { cookie: site.admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await response.text()).trim().split('\r\n').sort();
    expect(lines).toEqual([
      'email,status,subscribed_at,confirmed_at,unsubscribed_at,source',
      'one@example.com,confirmed,2026-02-03T04:05:06.000Z,2026-02-03T04:05:06.000Z,,form',
      'two@example.com,pending,2026-02-04T04:05:06.000Z,,,form',
    ]);
  });

  test('importing from Ghost, Substack and Mailchimp: a preview, then confirmed addresses with no e-mail; an unsubscribed one stays so; again adds nothing', async () => {
    await seed([{ email: 'here.before@example.com' }, { email: 'left.here@example.com', status: 'unsubscribed' }]);

    const preview = await upload(GHOST);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      source: 'ghost',
      added: 2,
      alreadyHere: 2,
      unsubscribedInSource: 1,
      invalidCount: 1,
      invalid: [{ line: 5, value: 'not-an-address' }],
      applied: false,
    });
    expect(await emails()).toEqual(['here.before@example.com confirmed', 'left.here@example.com unsubscribed']);

    expect(await (await upload(GHOST, { apply: true })).json()).toMatchObject({
      added: 2,
      alreadyHere: 2,
      applied: true,
    });
    expect(await emails()).toEqual([
      'ghost.one@example.com confirmed',
      'ghost.two@example.com confirmed',
      'here.before@example.com confirmed',
      'left.here@example.com unsubscribed',
    ]);
    const imported = await site.t.db.prisma.subscriber.findUniqueOrThrow({ where: { email: 'ghost.one@example.com' } });
    expect(imported).toMatchObject({
      consentSource: 'imported:ghost',
      createdAt: new Date('2023-04-01T10:00:00.000Z'),
      confirmedAt: new Date('2023-04-01T10:00:00.000Z'),
      tokenHash: null,
    });
    expect(await (await upload(GHOST, { apply: true })).json()).toMatchObject({ added: 0, alreadyHere: 4 });

    expect(await (await upload(SUBSTACK, { apply: true })).json()).toMatchObject({
      source: 'substack',
      added: 1,
      unsubscribedInSource: 1,
      invalid: [{ line: 4, value: '' }],
    });
    expect(await (await upload(MAILCHIMP, { apply: true })).json()).toMatchObject({
      source: 'mailchimp',
      added: 1,
      alreadyHere: 1,
      invalidCount: 0,
    });
    // A spreadsheet's CSV with semicolons: the header line tells.
    expect(await (await upload('E-mail;Name\nsemi@example.com;Semi, Colon\n', { apply: true })).json()).toMatchObject({
      source: 'csv',
      added: 1,
      invalidCount: 0,
    });
    expect(await site.t.db.prisma.subscriber.count({ where: { status: 'confirmed' } })).toBe(6);
    // Consent was given elsewhere: nobody imported is asked again.
    expect(await site.t.db.prisma.outboxMessage.count()).toBe(0);
  });

  test('a file that is not a CSV, has no e-mail column, has no rows or is too large is refused, and nothing is written', async () => {
    const refusals: Array<[string | Uint8Array, number, string]> = [
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]),
        400,
        subscriberAdminMessages.notCsv,
      ],
      ['name,city\nAda,London\n', 400, subscriberAdminMessages.noEmailColumn],
      ['email,name\n', 400, subscriberAdminMessages.empty],
      [
        'email,name\n"broken@example.com,Ada\n',
        400,
        subscriberAdminMessages.unreadable(
          2,
          'Quote Not Closed: the parsing is finished with an opening quote at line 2',
        ),
      ],
      [
        `email\n${'a@example.com\n'.repeat(Math.ceil((SUBSCRIBERS_CSV_MAX_BYTES + 1) / 14))}`,
        413,
        subscriberAdminMessages.tooLarge,
      ],
    ];
    for (const [csv, status, message] of refusals) {
      const response = await upload(csv, { apply: true });
      expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { message } });
    }
    const none = await site.t.request(SUBSCRIBERS_IMPORT_PATH, {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: site.admin },
    });
    expect(await none.json()).toEqual({ message: subscriberAdminMessages.noFile });
    expect(await site.t.db.prisma.subscriber.count()).toBe(0);
  });

  test("a post's test e-mail goes to its author alone, subject prefixed; refused when e-mail is not set up", async () => {
    await seed([{ email: 'follower@example.com' }]);
    const [post] = await seedPosts(site.t.db.prisma, [{ title: 'Not out yet', content: '<p>Draft words.</p>' }]);
    const admin = await site.t.db.prisma.user.findFirstOrThrow({ where: { isAdmin: true } });
    const sent = await site.t.graphql(TEST_MAIL, { postId: post!.id }, { cookie: site.admin });
    expect(sent.data).toEqual({ sendTestEmail: subscriberAdminMessages.testSent(admin.email) });
    while (await site.t.app.services.outbox.sendOne()) {
      // one at a time, as the worker does
    }
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ subject: '[Test] Not out yet', to: { text: admin.email } });
    expect(smtp.messages[0]!.text).toContain('Draft words.');
    expect(smtp.messages[0]!.html).toContain('<p>Draft words.</p>');
    // The draft is still to be e-mailed when it is published: a test is not the sending.
    expect(await site.t.db.prisma.postDelivery.count()).toBe(0);
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post!.id } })).emailedAt).toBeNull();

    const noMail = await createTestApp({ env: { SITE_URL: 'http://blog.test' } });
    try {
      const cookie = (await noMail.signIn({ isAdmin: true })).cookie;
      const [draft] = await seedPosts(noMail.db.prisma, [{ title: 'Nowhere to send' }]);
      const refused = await noMail.graphql(TEST_MAIL, { postId: draft!.id }, { cookie });
      expect(refused.errors![0]!.message).toBe(subscriberAdminMessages.mailNotConfigured);
      expect(await noMail.db.prisma.outboxMessage.count()).toBe(0);
    } finally {
      await noMail.dispose();
    }
  });
});
