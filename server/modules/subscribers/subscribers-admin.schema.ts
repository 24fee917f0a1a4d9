// The studio's subscribers in GraphQL (issue 40, item 5), for the admin alone: the list with its
// search, status filter and pages, the counts by status, removing one, and a post's test e-mail to
// its author. Nothing else in the schema returns an address. The CSV export and import are REST
// (subscribers-admin.rest.ts): a file each way.
import { SUBSCRIBER_STATUSES, SUBSCRIBERS_PAGE_SIZE } from '#kernel/subscriber-admin-rules.ts';
import { builder } from '../../builder.ts';
import type { SubscriberPage, SubscriberRow } from './subscriber-admin.service.ts';

const SubscriberStatusEnum = builder.enumType('SubscriberStatus', {
  values: SUBSCRIBER_STATUSES,
  description:
    'Pending until the e-mailed link is opened; only confirmed ones get posts; bounced when the receiving server refused the address for good',
});

const SubscriberObject = builder.objectRef<SubscriberRow>('Subscriber').implement({
  description: 'A reader who follows by e-mail, as the studio lists them (admin only)',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    status: t.field({ type: SubscriberStatusEnum, resolve: (row) => row.status }),
    consentSource: t.exposeString('consentSource', {
      description: 'Where they consented: "form", "graphql", or "imported:<source>" for an imported list',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they subscribed' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    unsubscribedAt: t.expose('unsubscribedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SubscriberPageObject = builder.objectRef<SubscriberPage>('SubscriberPage').implement({
  description: `One page of the subscribers, ${SUBSCRIBERS_PAGE_SIZE} a page, the newest first`,
  fields: (t) => ({
    items: t.field({
      type: [SubscriberObject],
      complexity: { field: 1, multiplier: SUBSCRIBERS_PAGE_SIZE },
      resolve: (page) => page.items,
    }),
    page: t.exposeInt('page'),
    pages: t.exposeInt('pages', { description: `ceil(total / ${SUBSCRIBERS_PAGE_SIZE}); 0 when nothing matches` }),
    total: t.exposeInt('total', { description: 'How many match the search and the status' }),
  }),
});

const SubscriberCountsObject = builder
  .objectRef<Record<(typeof SUBSCRIBER_STATUSES)[number], number>>('SubscriberCounts')
  .implement({
    description: 'How many subscribers have each status',
    fields: (t) => ({
      confirmed: t.exposeInt('confirmed'),
      pending: t.exposeInt('pending'),
      unsubscribed: t.exposeInt('unsubscribed'),
      bounced: t.exposeInt('bounced'),
    }),
  });

builder.queryFields((t) => ({
  subscribers: t.field({
    type: SubscriberPageObject,
    authScopes: { admin: true },
    description: 'The subscribers, the newest first (admin only)',
    args: {
      query: t.arg.string({ description: 'A part of the address' }),
      status: t.arg({ type: SubscriberStatusEnum }),
      page: t.arg.int({ defaultValue: 1 }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.subscriberAdmin.list({ query: args.query, status: args.status, page: args.page ?? 1 }),
  }),
  subscriberCounts: t.field({
    type: SubscriberCountsObject,
    authScopes: { admin: true },
    description: 'How many subscribers are confirmed, pending and unsubscribed (admin only)',
    resolve: (_root, _args, ctx) => ctx.services.subscriberAdmin.counts(),
  }),
}));

builder.mutationFields((t) => ({
  removeSubscriber: t.boolean({
    authScopes: { admin: true },
    description: 'Removes a subscriber and the record of what they were sent (admin only)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.subscriberAdmin.remove(String(args.id)),
  }),
  sendTestEmail: t.string({
    authScopes: { admin: true },
    description:
      'The post\'s e-mail, as subscribers will get it with "[Test] " before its subject, to the signed-in author; ' +
      'returns what to tell them. Refused when e-mail is not set up (SMTP_URL)',
    args: { postId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.subscriberAdmin.sendTestEmail(String(args.postId), ctx.viewer!.email),
  }),
}));
