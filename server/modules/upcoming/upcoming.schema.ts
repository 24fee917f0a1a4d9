// The UpcomingCard type (the home page's 'Currently' carousel) and its query and mutations; the
// writes are admin-only, refused before the resolver runs.
import { builder } from '../../builder.ts';
import { ImageObject } from '../media/media.schema.ts';
import { UpcomingTitleEnum } from '../shared/enums.schema.ts';

// The card's image comes with it from every service call (a join), so it is a plain field.
const UpcomingCardObject = builder.prismaObject('UpcomingCard', {
  include: { image: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.expose('title', { type: UpcomingTitleEnum }),
    subtitle: t.exposeString('subtitle'),
    image: t.field({ type: ImageObject, resolve: (card) => card.image }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CreateUpcomingCardInput = builder.inputType('CreateUpcomingCardInput', {
  fields: (t) => ({
    title: t.field({ type: UpcomingTitleEnum, required: true }),
    subtitle: t.string({ required: true }),
    image: t.field({ type: 'File', required: true }),
  }),
});

builder.queryField('upcomingCards', (t) =>
  t.field({
    type: [UpcomingCardObject],
    description: 'Every card, newest first',
    resolve: (_root, _args, ctx) => ctx.services.upcoming.list(),
  }),
);

builder.mutationFields((t) => ({
  createUpcomingCard: t.field({
    type: UpcomingCardObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateUpcomingCardInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.upcoming.create(args.input),
  }),
  deleteUpcomingCard: t.id({
    authScopes: { admin: true },
    description: 'Deletes the card and its image; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.upcoming.delete(String(args.id)),
  }),
}));
