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
    imageAlt: t.exposeString('imageAlt', {
      description: "The picture's alt text; empty: the picture is decorative (the card's words say it all)",
    }),
    link: t.exposeString('link', { nullable: true, description: 'Where the card leads (http or https), if anywhere' }),
    position: t.exposeInt('position', { description: "The card's place in the carousel, 0 first" }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

// The fields a card's form may add to the spec's three; each absent one keeps what is stored.
const optionalCardFields = {
  imageAlt: "The picture's alt text; empty: decorative",
  link: 'An http or https address the card leads to; empty: none',
  focusX: "The picture's focal point from the left, 0 to 1",
  focusY: "The picture's focal point from the top, 0 to 1",
} as const;

const CreateUpcomingCardInput = builder.inputType('CreateUpcomingCardInput', {
  fields: (t) => ({
    title: t.field({ type: UpcomingTitleEnum, required: true }),
    subtitle: t.string({ required: true }),
    image: t.field({ type: 'File', required: true }),
    imageAlt: t.string({ description: optionalCardFields.imageAlt }),
    link: t.string({ description: optionalCardFields.link }),
    focusX: t.float({ description: optionalCardFields.focusX }),
    focusY: t.float({ description: optionalCardFields.focusY }),
  }),
});

const UpdateUpcomingCardInput = builder.inputType('UpdateUpcomingCardInput', {
  fields: (t) => ({
    title: t.field({ type: UpcomingTitleEnum, required: true }),
    subtitle: t.string({ required: true }),
    image: t.field({ type: 'File', description: 'A new picture replaces the old one; absent keeps it' }),
    imageAlt: t.string({ description: optionalCardFields.imageAlt }),
    link: t.string({ description: optionalCardFields.link }),
    focusX: t.float({ description: optionalCardFields.focusX }),
    focusY: t.float({ description: optionalCardFields.focusY }),
  }),
});

builder.queryField('upcomingCards', (t) =>
  t.field({
    type: [UpcomingCardObject],
    description: "Every card in the carousel's order",
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
  updateUpcomingCard: t.field({
    type: UpcomingCardObject,
    authScopes: { admin: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateUpcomingCardInput, required: true }),
    },
    resolve: (_root, args, ctx) => ctx.services.upcoming.update(String(args.id), args.input),
  }),
  moveUpcomingCard: t.field({
    type: [UpcomingCardObject],
    authScopes: { admin: true },
    description: 'Moves the card to a place in the carousel (0: first); returns every card in the new order',
    args: {
      id: t.arg.id({ required: true }),
      position: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) => ctx.services.upcoming.move(String(args.id), args.position),
  }),
  deleteUpcomingCard: t.id({
    authScopes: { admin: true },
    description: 'Deletes the card and its image; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.upcoming.delete(String(args.id)),
  }),
}));
