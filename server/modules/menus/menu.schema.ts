// The header and footer menus (issue 36): anyone reads them (every page shows them); the admin
// replaces one menu's entries at a time.
import { builder } from '../../builder.ts';
import { MENU_TARGET_KINDS, menuItemHref, type MenuItem, type MenuName } from '#kernel/menu-rules.ts';
import type { Menus } from './menu.service.ts';

const MenuTargetKindEnum = builder.enumType('MenuTargetKind', {
  description: 'What a menu entry leads to',
  values: Object.fromEntries(MENU_TARGET_KINDS.map((kind) => [kind.toUpperCase(), { value: kind }])) as Record<
    Uppercase<MenuItem['kind']>,
    { value: MenuItem['kind'] }
  >,
});

const MenuNameEnum = builder.enumType('MenuName', {
  values: { HEADER: { value: 'header' }, FOOTER: { value: 'footer' } } as const,
});

const MenuItemObject = builder.objectRef<MenuItem>('MenuItem').implement({
  description: 'An entry of a menu: its label and where it leads',
  fields: (t) => ({
    label: t.exposeString('label'),
    kind: t.field({ type: MenuTargetKindEnum, resolve: (item) => item.kind }),
    target: t.exposeString('target', {
      description: "The page's or tag's slug, the category's path (games), the address; empty for the blog",
    }),
    href: t.string({ description: 'Where the entry leads', resolve: (item) => menuItemHref(item) }),
  }),
});

const MenusObject = builder.objectRef<Menus>('Menus').implement({
  fields: (t) => ({
    header: t.field({ type: [MenuItemObject], resolve: (menus) => menus.header }),
    footer: t.field({ type: [MenuItemObject], resolve: (menus) => menus.footer }),
  }),
});

const MenuItemInput = builder.inputType('MenuItemInput', {
  fields: (t) => ({
    label: t.string({ required: true }),
    kind: t.field({ type: MenuTargetKindEnum, required: true }),
    target: t.string({ description: 'Empty for the blog' }),
  }),
});

builder.queryField('menus', (t) =>
  t.field({
    type: MenusObject,
    description: "The header's and the footer's entries, in order (the site's defaults until the author saves one)",
    resolve: (_root, _args, ctx) => ctx.services.menus.all(),
  }),
);

builder.mutationField('replaceMenu', (t) =>
  t.field({
    type: [MenuItemObject],
    authScopes: { admin: true },
    description:
      "Replaces a menu's entries, in order. One bad entry and nothing changes: fieldErrors items.{i}.label, items.{i}.target",
    args: {
      menu: t.arg({ type: MenuNameEnum, required: true }),
      items: t.arg({ type: [MenuItemInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.menus.replace(
        args.menu as MenuName,
        args.items.map((item) => ({ label: item.label, kind: item.kind, target: item.target ?? '' })),
      ),
  }),
);
