// One 'Currently' card (../shared/SPEC.md section 1): what the author is Reading, Watching or
// Playing, with its picture. A slide of the home page's carousel.
import { UploadedImage } from '../../components/uploaded-image';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import type { UpcomingTitle } from '../../gql/graphql';
import './currently-card.css';

export const CurrentlyCardFragment = graphql(`
  fragment CurrentlyCard_UpcomingCard on UpcomingCard {
    id
    title
    subtitle
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

/** 1 slide under 700 px, 2 from 700, 3 from 1000 (components/carousel.tsx), in the 72rem container. */
const CARD_IMAGE_SIZES = '(min-width: 1000px) 360px, (min-width: 700px) calc(50vw - 2.25rem), calc(100vw - 2.5rem)';

interface CurrentlyCardProps {
  card: FragmentType<typeof CurrentlyCardFragment>;
}

export function CurrentlyCard({ card }: CurrentlyCardProps) {
  const { title, subtitle, image } = getFragmentData(CurrentlyCardFragment, card);
  const label = TITLE_LABELS[title];
  return (
    <article className="currently-card">
      <UploadedImage
        className="currently-card-image"
        image={image}
        alt={`${label}: ${subtitle}`}
        sizes={CARD_IMAGE_SIZES}
      />
      <div className="currently-card-body">
        <h3 className="currently-card-title">{label}</h3>
        <p className="currently-card-subtitle">{subtitle}</p>
      </div>
    </article>
  );
}
