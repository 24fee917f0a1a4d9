// A post's sending progress for the studio (issue 40): how many of its e-mails are sent, waiting or
// refused, for the editor's line beside "Send by e-mail". Admin only: it says how many follow the site.
import { builder } from '../../builder.ts';
import { PostObject } from '../post/post.schema.ts';
import type { PostEmailDelivery } from './subscriber.service.ts';

const PostEmailDeliveryObject = builder.objectRef<PostEmailDelivery>('PostEmailDelivery').implement({
  description: "A post's e-mails to the subscribers, by where they stand in the outbox",
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'The subscribers it is e-mailed to' }),
    sent: t.exposeInt('sent', { description: 'Accepted by the SMTP server' }),
    pending: t.exposeInt('pending', { description: 'Still to send, or to try again after a temporary failure' }),
    failed: t.exposeInt('failed', { description: 'Refused for good, or given up after every retry' }),
  }),
});

builder.objectFields(PostObject, (t) => ({
  emailDelivery: t.field({
    type: PostEmailDeliveryObject,
    nullable: true,
    authScopes: { admin: true },
    description: 'Admin only. Its e-mails to the subscribers and how far they have gone; null when e-mailed to nobody',
    resolve: (post, _args, ctx) => ctx.services.subscribers.emailDelivery(post.id),
  }),
}));
