// Upcoming ('Currently') cards: the home page's carousel and the admin's writes, for GraphQL and REST
// alike. Same contract as the post service: plain data in, rows out, AppErrors for expected failures,
// authorization checked by the caller.
import type { Image, Prisma, PrismaClient, UpcomingCard, UpcomingTitle } from '../../generated/prisma/client.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import { depend } from '../../cache/dependencies.ts';
import { CARDS_CHANGE } from '../../cache/post-changes.ts';
import { checkFocus } from '#kernel/focal-point.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { upcomingMessages, validateUpcomingFields } from '#kernel/upcoming-rules.ts';
import { notFound, validationError } from '../../errors.ts';
import { checkWriteInput, commitImage, deleteWithImage, type ImageUpload, saveImage } from '../media/image-upload.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { deleteUnusedImages } from '../media/image-uses.ts';

export const CARD_NOT_FOUND = 'Card not found';

export type UpcomingCardWithImage = UpcomingCard & { image: Image };

/** What the card form sends, unchecked. */
export interface UpcomingCardInput {
  /** Reading, Watching or Playing. */
  title?: string | null;
  subtitle?: string | null;
  /** Required on create. On update, a new picture replaces the old one (whose files go); absent keeps it. */
  image?: ImageUpload | null;
  /** Absent keeps the stored one (the original client's form has no such field); empty: decorative. */
  imageAlt?: string | null;
  /** Absent keeps the stored one; empty: the card leads nowhere. */
  link?: string | null;
  /** The picture's focal point, 0 to 1 from the left and from the top; absent keeps it (0.5 on a new picture). */
  focusX?: number | null;
  focusY?: number | null;
}

/** Every card is shown with its image: every read loads it, in the same statement (a join). */
const WITH_IMAGE = { include: { image: true } } as const;

/** The carousel's order: the author's, then newest first where positions tie (decision 044). */
const CAROUSEL_ORDER = [
  { position: 'asc' },
  { createdAt: 'desc' },
  { id: 'desc' },
] satisfies Prisma.UpcomingCardOrderByWithRelationInput[];

/** The optional texts as stored: trimmed; absent (undefined) leaves the stored one. */
function optionalTexts(input: UpcomingCardInput): { imageAlt?: string; link?: string | null } {
  return {
    ...(input.imageAlt == null ? {} : { imageAlt: input.imageAlt.trim() }),
    ...(input.link == null ? {} : { link: input.link.trim() === '' ? null : input.link.trim() }),
  };
}

export class UpcomingService {
  // The carousel is on the home page, the most read page: its cards are kept until a card changes
  // (docs/decisions/032-writes-cool-what-they-change.md).
  private readonly cache: ReadCache<UpcomingCardWithImage[]>;
  private readonly changes: ContentChanges;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    caches: ReadCaches,
  ) {
    this.changes = caches.changes;
    this.cache = caches.create<UpcomingCardWithImage[]>('cards', (cards) =>
      cards.reduce(
        (sum, card) => sum + 2 * (card.subtitle.length + card.imageAlt.length + (card.link?.length ?? 0)) + 1024,
        256,
      ),
    );
  }

  /** Every card in the carousel's order: the author's, a new card first. */
  async list(): Promise<UpcomingCardWithImage[]> {
    return this.cache.get('cards', () => {
      depend(['cards']);
      return this.prisma.upcomingCard.findMany({ orderBy: CAROUSEL_ORDER, ...WITH_IMAGE });
    });
  }

  async create(input: UpcomingCardInput): Promise<UpcomingCardWithImage> {
    const errors = validateUpcomingFields(input);
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: true });

    // The files are written first; the row that refers to them commits after, or the files go.
    const { focus } = checkFocus(input.focusX, input.focusY);
    const stored = await saveImage(this.files, image!);
    const card = await commitImage(this.prisma, this.files, stored, async (tx) => {
      // A new card comes first, as it always did: the others move down one place.
      await tx.upcomingCard.updateMany({ data: { position: { increment: 1 } } });
      return tx.upcomingCard.create({
        data: {
          title: input.title as UpcomingTitle,
          subtitle: (input.subtitle ?? '').trim(),
          ...optionalTexts(input),
          position: 0,
          image: { create: { ...stored, ...(focus ?? {}) } },
        },
        ...WITH_IMAGE,
      });
    });
    this.changes.changed(CARDS_CHANGE);
    return card;
  }

  /**
   * Replaces the title and subtitle, and the alt text, link and focal point when sent; the picture
   * only when one is sent, and then the old one's row and files go. Nothing changes when anything is
   * refused.
   */
  async update(id: string, input: UpcomingCardInput): Promise<UpcomingCardWithImage> {
    if (!isUuid(id)) throw notFound(CARD_NOT_FOUND);
    // An unknown card is refused before the picture is decoded, the costly part.
    const exists = await this.prisma.upcomingCard.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw notFound(CARD_NOT_FOUND);
    const errors = validateUpcomingFields(input);
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: false });
    const { focus } = checkFocus(input.focusX, input.focusY);
    const stored = image ? await saveImage(this.files, image) : null;

    const write = async (tx: Prisma.TransactionClient) => {
      // Locked: two edits at once apply one after the other, and a replaced picture is removed once.
      const [current] = await tx.$queryRaw<Array<{ imageId: string }>>`
        SELECT "imageId" FROM "UpcomingCard" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!current) throw notFound(CARD_NOT_FOUND);
      let card = await tx.upcomingCard.update({
        where: { id },
        data: {
          title: input.title as UpcomingTitle,
          subtitle: (input.subtitle ?? '').trim(),
          ...optionalTexts(input),
          ...(stored ? { image: { create: { ...stored, ...(focus ?? {}) } } } : {}),
        },
        ...WITH_IMAGE,
      });
      if (!stored && focus) {
        card = { ...card, image: await tx.image.update({ where: { id: current.imageId }, data: focus }) };
      }
      const replaced = stored ? await deleteUnusedImages(tx, this.files, [current.imageId]) : [];
      return { card, replaced };
    };
    const result = stored
      ? await commitImage(this.prisma, this.files, stored, write)
      : await this.prisma.$transaction(write);
    this.changes.changed(CARDS_CHANGE);
    if (result.replaced.length > 0) await this.files.removeNow(result.replaced);
    return result.card;
  }

  /**
   * Moves the card to `position` in the carousel's order (0: first; past the end: last) and numbers
   * every card again from 0; returns the cards in their new order.
   */
  async move(id: string, position: number): Promise<UpcomingCardWithImage[]> {
    if (!Number.isInteger(position) || position < 0) throw validationError({ position: upcomingMessages.position });
    if (!isUuid(id)) throw notFound(CARD_NOT_FOUND);
    const cards = await this.prisma.$transaction(async (tx) => {
      // Every card locked, so two moves at once number the cards one after the other.
      await tx.$queryRaw`SELECT "id" FROM "UpcomingCard" FOR UPDATE`;
      const order = await tx.upcomingCard.findMany({ orderBy: CAROUSEL_ORDER, select: { id: true, position: true } });
      const from = order.findIndex((card) => card.id === id);
      if (from === -1) throw notFound(CARD_NOT_FOUND);
      const [moved] = order.splice(from, 1);
      order.splice(Math.min(position, order.length), 0, moved!);
      for (const [index, card] of order.entries()) {
        if (card.position !== index)
          await tx.upcomingCard.update({ where: { id: card.id }, data: { position: index } });
      }
      return tx.upcomingCard.findMany({ orderBy: CAROUSEL_ORDER, ...WITH_IMAGE });
    });
    this.changes.changed(CARDS_CHANGE);
    return cards;
  }

  /** Deletes the card, its image row and then its files; returns the id. */
  async delete(id: string): Promise<string> {
    return deleteWithImage(this.prisma, this.files, {
      id,
      notFoundMessage: CARD_NOT_FOUND,
      deleteRow: (tx) => tx.upcomingCard.delete({ where: { id }, select: { imageId: true } }),
      committed: () => this.changes.changed(CARDS_CHANGE),
    });
  }
}
