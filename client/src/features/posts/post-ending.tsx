// What a post's page offers once the reader has finished: its author (AUTHOR_NAME, when the owner set
// one) and its category as a link, the posts
// published just before and after it, a few related posts, and the way back to every post.
import { Link } from 'react-router';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import { useSiteOwner } from '../../lib/site';
import { RELATED_POST_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import { CATEGORY_LABELS, fromApiCategory } from '#kernel/post-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import './post-ending.css';

export const PostEndingFragment = graphql(`
  fragment PostEnding_Post on Post {
    category
    previousPost {
      id
      slug
      title
    }
    nextPost {
      id
      slug
      title
    }
    relatedPosts {
      id
      slug
      title
      category
      readingMinutes
      imageAlt
      image {
        ...UploadedImage_Image
      }
    }
  }
`);

/** The list page of a category (/games for GAME), or undefined for one this version does not know. */
function categoryScreen(apiCategory: string | null | undefined) {
  const category = apiCategory ? fromApiCategory(apiCategory) : '';
  return CATEGORY_SCREENS.find((screen) => screen.category === category);
}

export function PostEnding({ post }: { post: FragmentType<typeof PostEndingFragment> }) {
  const { category, previousPost, nextPost, relatedPosts } = getFragmentData(PostEndingFragment, post);
  const screen = categoryScreen(category);
  const author = useSiteOwner()?.name;
  return (
    <div className="post-ending">
      {(author || screen) && (
        <p className="post-ending-category">
          {author && `Written by ${author}`}
          {author && screen && ' · '}
          {screen && (
            <>
              Filed under <Link to={`/${screen.path}`}>{screen.heading}</Link>
            </>
          )}
        </p>
      )}
      {(previousPost || nextPost) && (
        <nav className="post-ending-neighbours" aria-label="Previous and next posts">
          {previousPost && (
            <Link className="post-ending-neighbour" to={postPath(previousPost.slug)} rel="prev">
              <span className="post-ending-label">← Previous post</span>
              <span className="post-ending-neighbour-title">{previousPost.title}</span>
            </Link>
          )}
          {nextPost && (
            <Link className="post-ending-neighbour post-ending-next" to={postPath(nextPost.slug)} rel="next">
              <span className="post-ending-label">Next post →</span>
              <span className="post-ending-neighbour-title">{nextPost.title}</span>
            </Link>
          )}
        </nav>
      )}
      {relatedPosts.length > 0 && (
        <section className="post-ending-related" aria-labelledby="related-posts-heading">
          <h2 id="related-posts-heading">Related posts</h2>
          <ul>
            {relatedPosts.map((related) => {
              const value = related.category ? fromApiCategory(related.category) : '';
              const label = value ? CATEGORY_LABELS[value] : '';
              return (
                <li key={related.id}>
                  <Link className="post-ending-related-link" to={postPath(related.slug)}>
                    {/* The title beside it names the link: the picture is decoration here. */}
                    {related.image && <UploadedImage image={related.image} alt="" sizes={RELATED_POST_IMAGE_SIZES} />}
                    <span className="post-ending-related-title">{related.title}</span>
                  </Link>
                  <p className="post-ending-related-meta">
                    {label && `${label} · `}
                    {related.readingMinutes} min read
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <p className="post-ending-back">
        <Link to="/blog">← All posts</Link>
      </p>
    </div>
  );
}
