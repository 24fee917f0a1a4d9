// Redirects (issue 36), the admin's only: the table, add and delete one, and CSV in and out.
import { builder } from '../../builder.ts';
import type { RedirectRow } from './redirect.service.ts';

const RedirectObject = builder.objectRef<RedirectRow>('Redirect').implement({
  description: 'An old address of this site that leads elsewhere, applied where the site would answer 404',
  fields: (t) => ({
    id: t.exposeID('id'),
    from: t.exposeString('from', { description: 'A path of this site (decoded, no trailing slash)' }),
    to: t.exposeString('to', { description: 'A path of this site or an http(s) address' }),
    permanent: t.exposeBoolean('permanent', { description: '301 when true, 302 otherwise' }),
    formerSlug: t.exposeBoolean('formerSlug', {
      description: "A post's former address: it goes with the post, and cannot be deleted here",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CreateRedirectInput = builder.inputType('CreateRedirectInput', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'A path of this site that is not a live page' }),
    to: t.string({ required: true, description: 'A path of this site or an http(s) address' }),
    permanent: t.boolean({ description: '301 (true, the default) or 302 (false)' }),
  }),
});

builder.queryFields((t) => ({
  redirects: t.field({
    type: [RedirectObject],
    authScopes: { admin: true },
    description: "The author's redirects, newest first, then the posts' former slugs",
    resolve: (_root, _args, ctx) => ctx.services.redirects.list(),
  }),
  redirectsCsv: t.string({
    authScopes: { admin: true },
    description: "The author's redirects as CSV (from,to,status: 301 or 302), as importRedirects reads it",
    resolve: (_root, _args, ctx) => ctx.services.redirects.exportCsv(),
  }),
}));

builder.mutationFields((t) => ({
  createRedirect: t.field({
    type: RedirectObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateRedirectInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.redirects.create(args.input),
  }),
  deleteRedirect: t.id({
    authScopes: { admin: true },
    description: "Deletes one of the author's redirects; returns its id",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.redirects.delete(String(args.id)),
  }),
  importRedirects: t.field({
    type: [RedirectObject],
    authScopes: { admin: true },
    description:
      'Adds every row of a CSV (from,to,status). One bad row and nothing is added: fieldErrors name each ' +
      "bad row ('line 3'). dryRun: check only, and return the rows as they would be added.",
    args: { csv: t.arg.string({ required: true }), dryRun: t.arg.boolean() },
    resolve: (_root, args, ctx) => ctx.services.redirects.importCsv(args.csv, args.dryRun ?? false),
  }),
}));
