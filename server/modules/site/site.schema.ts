// Public facts about the site that every page needs: its name for titles, its URL for canonical links,
// and who writes it (configured by the owner: server/config.ts), for the about, hire-me and legal pages.
import { builder } from '../../builder.ts';
import type { SiteOwner, SocialLink } from '../../config.ts';

interface SiteInfo {
  name: string;
  url: string;
  owner: SiteOwner;
}

const SocialLinkRef = builder.objectRef<SocialLink>('SocialLink').implement({
  description: "A link to one of the author's profiles elsewhere",
  fields: (t) => ({
    label: t.exposeString('label'),
    url: t.exposeString('url'),
  }),
});

const Owner = builder.objectRef<SiteOwner>('SiteOwner').implement({
  description: 'Who writes the site, as its owner configured it',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true }),
    bio: t.exposeString('bio', { nullable: true }),
    contactEmail: t.exposeString('contactEmail'),
    portfolioUrl: t.exposeString('portfolioUrl'),
    socialLinks: t.field({ type: [SocialLinkRef], resolve: (owner) => owner.socialLinks }),
  }),
});

const Site = builder.objectRef<SiteInfo>('Site').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    owner: t.field({ type: Owner, resolve: (site) => site.owner }),
  }),
});

builder.queryField('site', (t) =>
  t.field({
    type: Site,
    resolve: (_root, _args, ctx) => ({ name: ctx.config.siteName, url: ctx.config.siteUrl, owner: ctx.config.owner }),
  }),
);
