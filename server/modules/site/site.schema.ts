// Public facts about the site that every page needs (its name for titles, its URL for canonical links).
import { builder } from '../../builder.ts';

interface SiteInfo {
  name: string;
  url: string;
}

const Site = builder.objectRef<SiteInfo>('Site').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    url: t.exposeString('url'),
  }),
});

builder.queryField('site', (t) =>
  t.field({
    type: Site,
    resolve: (_root, _args, ctx) => ({ name: ctx.config.siteName, url: ctx.config.siteUrl }),
  }),
);
