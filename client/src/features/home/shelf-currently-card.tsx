// A shelf item in progress as a slide of the home page's carousel (issue 41), after the hand-made
// 'Currently' cards: Reading, Watching or Playing by its kind, its title, its cover, and a link to
// its page on the shelf. Without a cover, the kind's word stands in the picture's place.
import { UploadedImage } from '../../components/uploaded-image';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import { CURRENTLY_CARD_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import { fromApiCategory, type CategoryValue } from '#kernel/post-rules.ts';
import { SHELF_CAROUSEL_TITLES, shelfPath } from '#kernel/shelf-rules.ts';
import './currently-card.css';

export const ShelfCurrentlyCardFragment = graphql(`
  fragment ShelfCurrentlyCard_Item on ShelfItem {
    id
    kind
    title
    slug
    imageAlt
    image {
      ...UploadedImage_Image
    }
  }
`);

export function ShelfCurrentlyCard({
  item: fragment,
  eager = false,
}: {
  item: FragmentType<typeof ShelfCurrentlyCardFragment>;
  eager?: boolean;
}) {
  const item = getFragmentData(ShelfCurrentlyCardFragment, fragment);
  const kind = (fromApiCategory(item.kind) || 'book') as CategoryValue;
  return (
    <article className="card currently-card">
      <a className="currently-card-link" href={shelfPath(item.slug)}>
        {item.image ? (
          <UploadedImage
            className="card-image currently-card-image"
            image={item.image}
            alt={item.imageAlt}
            sizes={CURRENTLY_CARD_IMAGE_SIZES}
            eager={eager}
          />
        ) : (
          <span className="card-image currently-card-image currently-card-no-picture" aria-hidden="true" />
        )}
        <div className="currently-card-body">
          <h3 className="currently-card-title">{SHELF_CAROUSEL_TITLES[kind]}</h3>
          <p className="currently-card-subtitle">{item.title}</p>
        </div>
      </a>
    </article>
  );
}
