// Upcoming ('Currently') cards: the home page's carousel and the admin's writes, for GraphQL and REST
// alike. Same contract as the post service: plain data in, rows out, AppErrors for expected failures,
// authorization checked by the caller.
import type { Image, PrismaClient, UpcomingCard, UpcomingTitle } from '../../generated/prisma/client.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import { depend } from '../../cache/dependencies.ts';
import { CARDS_CHANGE } from '../../cache/post-changes.ts';
import { validateUpcomingFields } from '#kernel/upcoming-rules.ts';
import { checkWriteInput, commitImage, deleteWithImage, type ImageUpload, saveImage } from '../media/image-upload.ts';
import type { ImageFiles } from '../media/image-files.ts';

export const CARD_NOT_FOUND = 'Card not found';

export type UpcomingCardWithImage = UpcomingCard & { image: Image };

/** What the new-card form sends, unchecked. */
export interface UpcomingCardInput {
  /** Reading, Watching or Playing. */
  title?: string | null;
  subtitle?: string | null;
  image?: ImageUpload | null;
}

/** Every card is shown with its image: every read loads it, in the same statement (a join). */
const WITH_IMAGE = { include: { image: true } } as const;

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
      cards.reduce((sum, card) => sum + 2 * card.subtitle.length + 1024, 256),
    );
  }

  /** Every card, newest first: the carousel shows what the author is on now. */
  async list(): Promise<UpcomingCardWithImage[]> {
    return this.cache.get('cards', () => {
      depend(['cards']);
      return this.prisma.upcomingCard.findMany({
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        ...WITH_IMAGE,
      });
    });
  }

  async create(input: UpcomingCardInput): Promise<UpcomingCardWithImage> {
    const errors = validateUpcomingFields(input);
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: true });

    // The files are written first; the row that refers to them commits after, or the files go.
    const stored = await saveImage(this.files, image!);
    const card = await commitImage(this.prisma, this.files, stored, (tx) =>
      tx.upcomingCard.create({
        data: {
          title: input.title as UpcomingTitle,
          subtitle: (input.subtitle ?? '').trim(),
          image: { create: stored },
        },
        ...WITH_IMAGE,
      }),
    );
    this.changes.changed(CARDS_CHANGE);
    return card;
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
