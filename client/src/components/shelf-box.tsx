// A shelf item's box (issue 41): its cover, title, kind, creator and rating. Shown on the shelf's
// pages and under a post about the item; plain markup with no state, so it works without JavaScript.
import {
  progressText,
  ratingText,
  SHELF_KIND_LABELS,
  SHELF_STATUS_LABELS,
  shelfPath,
  starsOf,
} from '#kernel/shelf-rules.ts';
import { fromApiCategory, type CategoryValue } from '#kernel/post-rules.ts';
import { graphql, type FragmentType, getFragmentData } from '../gql';
import { UploadedImage } from './uploaded-image';
import './shelf-box.css';

export const ShelfBoxFragment = graphql(`
  fragment ShelfBox_Item on ShelfItem {
    id
    kind
    title
    slug
    creator
    year
    status
    progress
    progressTotal
    rating
    imageAlt
    image {
      ...UploadedImage_Image
    }
  }
`);

interface ShelfBoxProps {
  item: FragmentType<typeof ShelfBoxFragment>;
  /** The heading level of the item's title in the page's outline. */
  headingLevel?: 2 | 3;
  /** Show where it stands (status, progress): the shelf's lists do, a post's box does not. */
  withStatus?: boolean;
}

export function ShelfBox({ item: fragment, headingLevel = 3, withStatus = false }: ShelfBoxProps) {
  const item = getFragmentData(ShelfBoxFragment, fragment);
  const kind = (fromApiCategory(item.kind) || 'book') as CategoryValue;
  const status = item.status.toLowerCase() as keyof typeof SHELF_STATUS_LABELS;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const progress = progressText(kind, item.progress, item.progressTotal ?? null);
  return (
    <article className="shelf-box">
      <div className="shelf-box-cover">
        {item.image ? (
          <UploadedImage image={item.image} alt={item.imageAlt} sizes="96px" />
        ) : (
          <span className="shelf-box-no-cover" aria-hidden="true">
            {SHELF_KIND_LABELS[kind].slice(0, 1)}
          </span>
        )}
      </div>
      <div className="shelf-box-body">
        <Heading className="shelf-box-title">
          <a href={shelfPath(item.slug)}>{item.title}</a>
        </Heading>
        <p className="shelf-box-meta">
          {SHELF_KIND_LABELS[kind]}
          {item.creator && <> · {item.creator}</>}
          {item.year != null && <> · {item.year}</>}
        </p>
        {item.rating != null && (
          <p className="shelf-box-rating">
            <span aria-hidden="true">{starsOf(item.rating * 2)}</span>
            <span className="visually-hidden">{ratingText(item.rating * 2)}</span>
          </p>
        )}
        {withStatus && (
          <p className="shelf-box-status">
            {SHELF_STATUS_LABELS[status]}
            {progress && <> · {progress}</>}
          </p>
        )}
      </div>
    </article>
  );
}
