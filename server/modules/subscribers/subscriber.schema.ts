// Readers who follow by e-mail in GraphQL (issue 40): subscribe for anyone (the answer never says
// whether the address was known, and nothing returns an address), and the post's "Send by e-mail".
import { builder } from '../../builder.ts';
import { PostObject } from '../post/post.schema.ts';

const SubscribeResultObject = builder.objectRef<{ message: string }>('SubscribeResult').implement({
  description: 'The same answer for every address: a confirmation link is e-mailed unless it is subscribed already',
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.objectFields(PostObject, (t) => ({
  sendByEmail: t.exposeBoolean('sendByEmail', {
    description: 'Whether it is e-mailed to the subscribers when it goes public ("Send by e-mail")',
  }),
}));

builder.mutationFields((t) => ({
  setPostSendByEmail: t.boolean({
    authScopes: { admin: true },
    description: 'Whether the post is e-mailed to the subscribers when it goes public; returns the new state',
    args: { postId: t.arg.id({ required: true }), send: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.subscribers.setSendByEmail(String(args.postId), args.send),
  }),
  subscribe: t.field({
    type: SubscribeResultObject,
    description:
      "Asks for the site's new posts by e-mail: a link to confirm, valid 48 hours, is e-mailed (double opt-in). " +
      'Rate limited per address and per e-mail',
    args: {
      email: t.arg.string({ required: true }),
      homepage: t.arg.string({ description: 'The honeypot: leave it empty' }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.subscribers.subscribe(args.email, {
        honeypot: args.homepage,
        clientAddress: ctx.clientAddress,
        source: 'graphql',
      }),
  }),
}));
