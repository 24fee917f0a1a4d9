// The User type and the account fields: me, login, logout, register, updateProfile. The rules live in
// SignInService and UserService; resolvers only pass the request's facts and queue the session cookie.
import { builder } from '../../builder.ts';
import type { Context } from '../../context.ts';
import { RECENT_SIGN_IN_MS } from '#kernel/user-rules.ts';
import { LOGIN_LIMITS, REGISTRATION_LIMITS } from '../auth/attempt-throttle.ts';
import { requireUser } from '../auth/permissions.ts';
import { queueSessionCookie } from '../auth/session.service.ts';
import type { PublicUser } from './user.service.ts';

// A plain object type rather than a Prisma one: it has no relations to load, and the services hand
// out only the public columns, so the password hash cannot reach a resolver by mistake.
export const UserRef = builder.objectRef<PublicUser>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    isAdmin: t.exposeBoolean('isAdmin'),
  }),
});

const recentSignIn = `${RECENT_SIGN_IN_MS / 60_000} minutes`;

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    name: t.string(),
    email: t.string(),
    password: t.string({ description: 'Empty or absent keeps the current password' }),
    currentPassword: t.string({
      description: `Needed to change the email or password, unless this session signed in less than ${recentSignIn} ago`,
    }),
  }),
});

function setSessionCookie(ctx: Context, cookie: string): void {
  queueSessionCookie(ctx.responseCookies, cookie);
}

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null',
    // The viewer was read from the database with the session, in this request.
    resolve: (_root, _args, ctx) => ctx.viewer,
  }),
);

builder.mutationFields((t) => ({
  login: t.field({
    type: UserRef,
    description: `Signs in with a new session cookie; after ${LOGIN_LIMITS.perEmail} failures per email or ${LOGIN_LIMITS.perAddress} per address in ${LOGIN_LIMITS.windowMs / 60_000} minutes: TOO_MANY_REQUESTS`,
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { user, cookie } = await ctx.services.signIn.login(args.email, args.password, ctx.clientAddress, {
        replacesSessionId: ctx.sessionId,
      });
      setSessionCookie(ctx, cookie);
      return user;
    },
  }),

  // Open to anyone and idempotent: signing out with a missing or stale cookie still clears it.
  logout: t.boolean({
    description: 'Ends the current session on the server and clears its cookie',
    resolve: async (_root, _args, ctx) => {
      setSessionCookie(ctx, await ctx.services.signIn.logout(ctx.sessionId));
      return true;
    },
  }),

  register: t.string({
    description:
      'Creates a (non-admin) account unless the email has one, and answers the same message either way: ' +
      'sign in next. FORBIDDEN when registration is closed (REGISTRATION=closed, the default); ' +
      `after ${REGISTRATION_LIMITS.perAddress} registrations per address in ${REGISTRATION_LIMITS.windowMs / 60_000} minutes: TOO_MANY_REQUESTS`,
    args: {
      name: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => ctx.services.users.register(args, ctx.clientAddress),
  }),

  updateProfile: t.field({
    type: UserRef,
    description:
      "Changes the caller's own profile; a new email or password needs currentPassword (or a sign-in " +
      `less than ${recentSignIn} old, else FORBIDDEN); a new password ends their other sessions`,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.users.updateProfile(
        requireUser(ctx.viewer),
        { sessionId: ctx.sessionId, clientAddress: ctx.clientAddress },
        args.input,
      ),
  }),
}));
