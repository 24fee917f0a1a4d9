// One 'Currently' card: what the author is Reading, Watching or
// Playing, with its picture (its alt text, empty when the words say it all; cut around its focal
// point by UploadedImage) and, when the author gave one, a link around the whole card. A slide of the
// home page's carousel.
import { UploadedImage } from '../../components/uploaded-image';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import type { UpcomingTitle } from '../../gql/graphql';
import { CURRENTLY_CARD_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import './currently-card.css';

export const CurrentlyCardFragment = graphql(`
  fragment CurrentlyCard_UpcomingCard on UpcomingCard {
    id
    title
    subtitle
    imageAlt
    link
    image {
      ...UploadedImage_Image
    }
  }
`);

// The words the spec uses for the API's enum values.
const TITLE_LABELS: Record<UpcomingTitle, string> = {
  READING: 'Reading',
  WATCHING: 'Watching',
  PLAYING: 'Playing',
};

interface CurrentlyCardProps {
  card: FragmentType<typeof CurrentlyCardFragment>;
  /** The first card: its picture is the largest thing on the home page, fetched first. */
  priority?: boolean;
  /** In view on arrival on some screen: its picture is not left to lazy loading. */
  eager?: boolean;
}

export function CurrentlyCard({ card, priority = false, eager = false }: CurrentlyCardProps) {
  const { title, subtitle, imageAlt, link, image } = getFragmentData(CurrentlyCardFragment, card);
  const label = TITLE_LABELS[title];
  const content = (
    <>
      <UploadedImage
        className="card-image currently-card-image"
        image={image}
        alt={imageAlt}
        sizes={CURRENTLY_CARD_IMAGE_SIZES}
        priority={priority}
        eager={eager}
      />
      <div className="currently-card-body">
        <h3 className="currently-card-title">{label}</h3>
        <p className="currently-card-subtitle">{subtitle}</p>
      </div>
    </>
  );
  return (
    <article className="card currently-card">
      {link ? (
        <a className="currently-card-link" href={link}>
          {content}
        </a>
      ) : (
        content
      )}
    </article>
  );
}
