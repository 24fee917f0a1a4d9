// One post in a list: image, its category, title, subtitle, the
// start of its text (three lines at most), publication date, reading time and its approved comments
// when it has any (issue 38), READ MORE to the post. The whole card opens the post: READ MORE is its one link, and the link's
// box is stretched over the card (post-card.css), so a click on the picture or the title lands on it
// while keyboards and screen readers meet one link per card, not three to the same place.
// In form mode (onDelete given) it also has an 'X' delete button, kept above the stretched link.
import { Link } from 'react-router';
import { graphql, type FragmentType, getFragmentData } from '../gql';
import { LocalDate } from './local-date';
import { UploadedImage } from './uploaded-image';
import './post-card.css';
import { CATEGORY_LABELS, fromApiCategory } from '#kernel/post-rules.ts';
import { postPath } from '#kernel/route-paths.ts';

export const PostCardFragment = graphql(`
  fragment PostCard_Post on Post {
    id
    slug
    title
    subtitle
    category
    excerpt
    readingMinutes
    commentCount
    publishedAt
    imageAlt
    image {
      ...UploadedImage_Image
    }
  }
`);

interface PostCardProps {
  post: FragmentType<typeof PostCardFragment>;
  /** The image's rendered width at each breakpoint; the default fits the card grid. */
  sizes?: string;
  /** The first card of a list that opens the screen: its image is fetched at once, and first. */
  priority?: boolean;
  /** Form mode: shows the 'X' button, which calls this. Asking 'Are you sure?' is the caller's part. */
  onDelete?: (id: string) => void;
  /** 3 when the list sits under its own h2 (the home page's 'Latest'). */
  headingLevel?: 2 | 3;
}

/** The card grid (post-card.css): one column, two from 700 px, three from 1000 px in a 72rem container. */
export const POST_CARD_SIZES = '(min-width: 1000px) 360px, (min-width: 700px) calc(50vw - 2rem), calc(100vw - 2.5rem)';

export function PostCard({
  post,
  sizes = POST_CARD_SIZES,
  priority = false,
  onDelete,
  headingLevel = 2,
}: PostCardProps) {
  const { id, slug, title, subtitle, category, excerpt, readingMinutes, commentCount, publishedAt, imageAlt, image } =
    getFragmentData(PostCardFragment, post);
  const categoryValue = category ? fromApiCategory(category) : '';
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="card post-card">
      {/* Lists show published posts only, and those always have a cover. */}
      {image && (
        <UploadedImage
          className="card-image post-card-image"
          image={image}
          alt={imageAlt}
          sizes={sizes}
          priority={priority}
        />
      )}
      <div className="post-card-body">
        {/* A label, not a link: the card keeps its one link (the category's list is in the menu and
            under the post). */}
        {categoryValue && <p className="post-card-category">{CATEGORY_LABELS[categoryValue]}</p>}
        <Heading className="post-card-title">{title}</Heading>
        <p className="post-card-subtitle">{subtitle}</p>
        {excerpt && <p className="post-card-excerpt">{excerpt}</p>}
        <p className="post-card-date">
          {publishedAt && (
            <>
              <LocalDate iso={publishedAt} /> ·{' '}
            </>
          )}
          {`${readingMinutes} min read`}
          {commentCount > 0 && ` · ${commentCount === 1 ? '1 comment' : `${commentCount} comments`}`}
        </p>
        <div className="post-card-actions">
          <Link className="button post-card-link" to={postPath(slug)}>
            READ MORE<span className="visually-hidden">: {title}</span>
          </Link>
          {onDelete && (
            <button
              className="button button-danger post-card-delete"
              type="button"
              aria-label={`Delete ${title}`}
              onClick={() => onDelete(id)}
            >
              X
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
