// Public facts about the site that every page needs: its name for titles, its URL for canonical links,
// and who writes it (configured by the owner: server/config.ts), for the about, hire-me and legal pages;
// and the first run, which names the site and its admin account (first-run.service.ts).
import { builder } from '../../builder.ts';
import type { SiteOwner, SocialLink } from '../../config.ts';
import { queueSessionCookie } from '../auth/session.service.ts';
import { UserRef } from '../user/user.schema.ts';

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
    resolve: (_root, _args, ctx) => ({ name: ctx.config.siteName, url: ctx.config.siteUrl, owner: ctx.config.owner }),
  }),
);
