// Drafts and scheduled posts for the author's browser tests, written through the app's own post
// service (the published ones come from site-content.ts).
import { makeImage } from '../../support/images.ts';
import type { TestApp } from '../../support/test-app.ts';

/** A draft with only its title, as an author leaves one after a first idea. */
export function createDraft(t: TestApp, title: string, more: { category?: 'game' | 'tv' | 'book' | 'anime' } = {}) {
  return t.app.services.posts.create({ title, subtitle: '', content: '', status: 'DRAFT', ...more });
}

/** A complete post in `status` (a draft ready to publish, or a scheduled one `days` from now). */
export async function createCompletePost(
  t: TestApp,
  title: string,
  { status, days = 2, category = 'book' }: { status: 'DRAFT' | 'SCHEDULED'; days?: number; category?: string },
) {
  return t.app.services.posts.create({
    title,
    subtitle: 'A subtitle',
    content: '<p>Finished words.</p>',
    category,
    status,
    publishAt: status === 'SCHEDULED' ? new Date(Date.now() + days * 86_400_000) : null,
    image: await makeImage({ width: 1200, height: 675, format: 'png' }),
  });
}
