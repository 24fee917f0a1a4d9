// Public facts about the site that every page needs: its name for titles, its URL for canonical links,
// and who writes it (configured by the owner: server/config.ts), for the about, hire-me and legal pages;
// and the first run, which names the site and its admin account (first-run.service.ts).
import { builder } from '../../builder.ts';
import type { Config, SiteLook, SiteOwner, SocialLink } from '../../config.ts';
import { queueSessionCookie } from '../auth/session.service.ts';
import { ImageObject } from '../media/media.schema.ts';
import { UserRef } from '../user/user.schema.ts';

interface SiteInfo {
  name: string;
  url: string;
  owner: SiteOwner;
  look: SiteLook;
  /** The admin's only (Site.mailFrom). */
  mailFrom: string | null;
}

const siteInfo = (config: Config): SiteInfo => ({
  name: config.siteName,
  url: config.siteUrl,
  owner: config.owner,
  look: config.site,
  mailFrom: config.mailFrom ?? null,
});

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
    tagline: t.string({
      nullable: true,
      description: "The home banner's words and the home page's meta description; null: the built-in ones",
      resolve: (site) => site.look.tagline,
    }),
    footerText: t.string({
      nullable: true,
      description: 'A line the footer shows; null: none',
      resolve: (site) => site.look.footerText,
    }),
    language: t.string({
      description: "The site's language, a BCP 47 tag (<html lang>, the feeds)",
      resolve: (site) => site.look.language,
    }),
    timeZone: t.string({
      description: 'The IANA time zone the pages show dates in',
      resolve: (site) => site.look.timeZone,
    }),
    avatar: t.field({
      type: ImageObject,
      nullable: true,
      description: "The author's picture (/about, the JSON-LD Person); null: none",
      resolve: (site) => site.look.avatar ?? null,
    }),
    banner: t.field({
      type: ImageObject,
      nullable: true,
      description: "The home banner's picture; null: the built-in one",
      resolve: (site) => site.look.banner ?? null,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        "The settings' version: when they were last saved (null before any were). The settings screen sends it " +
        "back as updateSite's expectedUpdatedAt",
      resolve: (site) => site.look.updatedAt ?? null,
    }),
    mailFrom: t.string({
      nullable: true,
      authScopes: { admin: true },
      description:
        "The From of the site's e-mail as the settings give it (the admin only; anyone else gets an error); " +
        'null: MAIL_FROM, then SITE_NAME <no-reply@the host of SITE_URL>',
      resolve: (site) => site.mailFrom,
    }),
    setupPending: t.boolean({
      description:
        'True while the site waits for its first run: no one has signed in as the admin yet, and the setup ' +
        'code the first start printed can still name the account and the site (completeSetup)',
      resolve: (_site, _args, ctx) => ctx.services.firstRun.pending(),
    }),
  }),
});

const CompleteSetupInput = builder.inputType('CompleteSetupInput', {
  fields: (t) => ({
    code: t.string({
      required: true,
      description: 'The setup code the first start printed (in its link, after #code=)',
    }),
    name: t.string({ required: true, description: "The author's name" }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    siteTitle: t.string({ required: true }),
  }),
});

builder.mutationField('completeSetup', (t) =>
  t.field({
    type: UserRef,
    description:
      'The first run: names the admin account (name, e-mail, password) and the site, once, and signs in. ' +
      'BAD_USER_INPUT with a wrong code; FORBIDDEN once the site is set up (or the admin has signed in)',
    args: { input: t.arg({ type: CompleteSetupInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { user, cookie } = await ctx.services.firstRun.complete(args.input);
      queueSessionCookie(ctx.responseCookies, cookie);
      return user;
    },
  }),
);

builder.queryField('site', (t) =>
  t.field({
    type: Site,
    resolve: (_root, _args, ctx) => siteInfo(ctx.config),
  }),
);

// Issue 36: the site's settings, edited at /admin/settings (site-settings.service.ts).
const SocialLinkInput = builder.inputType('SocialLinkInput', {
  fields: (t) => ({
    label: t.string({ required: true }),
    url: t.string({ required: true, description: 'An absolute http:// or https:// address' }),
  }),
});

const UpdateSiteInput = builder.inputType('UpdateSiteInput', {
  description: 'Every setting at once; an empty optional text (tagline, author name, bio, footer text) clears it',
  fields: (t) => ({
    title: t.string({ required: true }),
    tagline: t.string(),
    authorName: t.string(),
    bio: t.string(),
    contactEmail: t.string({ required: true }),
    portfolioUrl: t.string({ required: true }),
    socialLinks: t.field({ type: [SocialLinkInput], required: true, description: 'In the order the site shows them' }),
    footerText: t.string(),
    language: t.string({ required: true, description: 'A BCP 47 tag such as en, en-GB or fr' }),
    timeZone: t.string({ required: true, description: 'An IANA time zone such as UTC or Europe/Paris' }),
    mailFrom: t.string({
      description:
        "The From of the site's e-mail: an address, or Name <address>; empty: the default (MAIL_FROM); absent: as it is",
    }),
    avatar: t.field({ type: 'File', description: 'A new picture of the author replaces the old one; absent keeps it' }),
    removeAvatar: t.boolean({ description: "True: the author's picture goes (ignored when a new one is sent)" }),
    banner: t.field({ type: 'File', description: 'A new home banner picture replaces the old one; absent keeps it' }),
    removeBanner: t.boolean({ description: 'True: the built-in banner again (ignored when a new one is sent)' }),
    avatarFocusX: t.float({ description: "The author's picture's focal point, 0 to 1 from the left (with Y)" }),
    avatarFocusY: t.float({ description: "The author's picture's focal point, 0 to 1 from the top (with X)" }),
    bannerFocusX: t.float({ description: "The home banner picture's focal point, 0 to 1 from the left (with Y)" }),
    bannerFocusY: t.float({ description: "The home banner picture's focal point, 0 to 1 from the top (with X)" }),
    expectedUpdatedAt: t.field({
      type: 'DateTime',
      description:
        'The Site.updatedAt the form was loaded with: if the settings were saved elsewhere since, CONFLICT (409) ' +
        'and nothing changes',
    }),
  }),
});

builder.mutationField('updateSite', (t) =>
  t.field({
    type: Site,
    authScopes: { admin: true },
    description:
      "Changes the site's settings (the admin only), on every page, feed and instance at once. " +
      "BAD_USER_INPUT with extensions.fieldErrors (a social link's as socialLinks.<index>.label or .url, a refused picture's as avatar or banner, a focal point's as avatarFocus or bannerFocus); nothing changes then",
    args: { input: t.arg({ type: UpdateSiteInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { avatar, removeAvatar, banner, removeBanner, expectedUpdatedAt, ...rest } = input;
      const { avatarFocusX, avatarFocusY, bannerFocusX, bannerFocusY, ...texts } = rest;
      await ctx.services.siteSettings.update(
        {
          ...texts,
          tagline: texts.tagline ?? '',
          authorName: texts.authorName ?? '',
          bio: texts.bio ?? '',
          footerText: texts.footerText ?? '',
          mailFrom: texts.mailFrom ?? undefined,
        },
        { avatar, removeAvatar, banner, removeBanner, avatarFocusX, avatarFocusY, bannerFocusX, bannerFocusY },
        expectedUpdatedAt ?? null,
      );
      return siteInfo(ctx.config);
    },
  }),
);
