// The Page type (a page the author writes, read at /{slug}) and its queries and mutations. Readers
// get published pages; an admin gets drafts too. The writes are admin-only, refused before the
// resolver runs, so a refused call has no side effect.
import { builder } from '../../builder.ts';
import type { Context } from '../../context.ts';
import { DESCRIPTION_MAX } from '#kernel/post-rules.ts';
import { PAGE_TITLE_MAX } from '#kernel/page-rules.ts';
import { PAGE_SEARCH_MAX } from './page.service.ts';

const PageStatusEnum = builder.enumType('PageStatus', {
  description: 'Only PUBLISHED pages are shown to anyone but an admin',
  values: { DRAFT: { value: 'DRAFT', description: 'Being written; seen by the admin only' }, PUBLISHED: {} } as const,
});

const PageObject = builder.prismaObject('Page', {
  description: 'A page the author writes (about, hire-me, or their own such as /now), read at /{slug}',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug', { description: 'The address: the page is read at /{slug}' }),
    title: t.exposeString('title'),
    description: t.exposeString('description', { description: 'For search engines and link previews' }),
    content: t.exposeString('content', { description: 'Sanitized HTML, as the editor produces it' }),
    status: t.expose('status', { type: PageStatusEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PageInput = builder.inputType('PageInput', {
  description: "A page's fields, as createPage and updatePage take them (every one is replaced)",
  fields: (t) => ({
    title: t.string({ required: true, description: `At most ${PAGE_TITLE_MAX} characters` }),
    slug: t.string({
      description:
        "The address (/{slug}): lower-case letters, digits and dashes, not one of the site's own. Absent or empty: made from the title",
    }),
    description: t.string({
      description: `For search engines and link previews; at most ${DESCRIPTION_MAX} characters`,
    }),
    content: t.string({ description: 'HTML; sanitized before it is stored. Required to publish' }),
    status: t.field({ type: PageStatusEnum, defaultValue: 'DRAFT', description: 'DRAFT when absent' }),
  }),
});

const isAdmin = (ctx: Context) => ctx.viewer?.isAdmin === true;

builder.queryFields((t) => ({
  pages: t.field({
    type: [PageObject],
    description:
      'Published pages in the order they were made; an admin gets drafts too, the last edited first. With a search: the published pages ' +
      `whose words match every word of it (or its start), best first, at most ${PAGE_SEARCH_MAX}`,
    args: { search: t.arg.string() },
    resolve: (_root, args, ctx) =>
      args.search != null ? ctx.services.pages.search(args.search) : ctx.services.pages.list({ drafts: isAdmin(ctx) }),
  }),
  page: t.field({
    type: PageObject,
    nullable: true,
    description: 'A published page by its address (or, for an admin, any page by its address or id)',
    args: { slug: t.arg.string(), id: t.arg.id() },
    resolve: (_root, args, ctx) => {
      if (args.id != null) return isAdmin(ctx) ? ctx.services.pages.byId(String(args.id)) : null;
      return ctx.services.pages.bySlug(args.slug ?? '', { drafts: isAdmin(ctx) });
    },
  }),
}));

builder.mutationFields((t) => ({
  createPage: t.field({
    type: PageObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: PageInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.pages.create(args.input),
  }),
  updatePage: t.field({
    type: PageObject,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PageInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.pages.update(String(args.id), args.input),
  }),
  deletePage: t.id({
    authScopes: { admin: true },
    description: 'Deletes the page; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.pages.delete(String(args.id)),
  }),
}));
