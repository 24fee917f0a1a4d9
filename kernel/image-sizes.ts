// The rendered widths of the pictures a page shows first, for an img's sizes attribute. The client
// renders them; the server repeats them in the page's preload of that picture, which the browser
// reuses only when both name the same sizes.

/** A 'Currently' card: 1 slide under 700 px, 2 from 700, 3 from 1000, in the 72rem container. */
export const CURRENTLY_CARD_IMAGE_SIZES =
  '(min-width: 1000px) 360px, (min-width: 700px) calc(50vw - 2.25rem), calc(100vw - 2.5rem)';

/** A post's picture at the top of its page: the article column (44rem) less its padding. */
export const POST_HERO_IMAGE_SIZES = '(min-width: 44rem) 664px, calc(100vw - 2.5rem)';

/** A related post's thumbnail under a post: a third of the column from 600 px, a small one beside the title below. */
export const RELATED_POST_IMAGE_SIZES = '(min-width: 600px) 205px, 112px';
