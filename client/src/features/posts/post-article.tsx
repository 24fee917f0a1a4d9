// A post as its page shows it: the picture, title,
// subtitle, publication date and the rich content, sanitized once more here before it is rendered,
// with its code blocks' language labels and its subheadings' "#" links (kernel/content-display.ts).
// DOMPurify is needed on no other screen, so it comes in a chunk of its own (loadSanitizer).
import { use, useContext, type ReactNode } from 'react';
import { LocalDate } from '../../components/local-date';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import { ServerSanitizerContext } from '../../lib/server-sanitizer';
import type * as sanitizeTypes from '../../lib/sanitize';
import { decorateContent } from '#kernel/content-display.ts';
import { POST_HERO_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import { tagPath } from '#kernel/route-paths.ts';
import { Link } from 'react-router';
import '../../components/rich-content.css';
import './post-article.css';

export const PostArticleFragment = graphql(`
  fragment PostArticle_Post on Post {
    title
    subtitle
    content
    publishedAt
    readingMinutes
    imageAlt
    image {
      ...UploadedImage_Image
    }
    tags {
      name
      slug
    }
  }
`);

type SanitizeModule = typeof sanitizeTypes;
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
let sanitizeModule: TrackedPromise<SanitizeModule> | undefined;

/**
 * Starts fetching the sanitizer's chunk (once): the post page calls it while its query runs. The
 * promise carries status and value once settled, which React's use() reads to render without
 * suspending again.
 */
export function loadSanitizer(): Promise<SanitizeModule> {
  if (!sanitizeModule) {
    const promise: TrackedPromise<SanitizeModule> = import('../../lib/sanitize');
    promise.then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
      },
      // A failed download (offline for a moment) is tried again by the next post page.
      () => {
        sanitizeModule = undefined;
      },
    );
    sanitizeModule = promise;
  }
  return sanitizeModule;
}

interface PostArticleProps {
  post: FragmentType<typeof PostArticleFragment>;
  /** Buttons under the header: the admin's Edit and Delete. */
  actions?: ReactNode;
}

export function PostArticle({ post, actions }: PostArticleProps) {
  const { title, subtitle, content, publishedAt, readingMinutes, imageAlt, image, tags } = getFragmentData(
    PostArticleFragment,
    post,
  );
  const sanitizeContent = useContext(ServerSanitizerContext) ?? use(loadSanitizer()).sanitizeContent;
  // Cheap next to the render itself, and the page rarely renders more than twice.
  const html = decorateContent(sanitizeContent(content));
  return (
    <article className="post-article">
      <header className="post-article-header">
        {image && (
          <UploadedImage
            className="post-article-image"
            image={image}
            alt={imageAlt}
            sizes={POST_HERO_IMAGE_SIZES}
            priority
          />
        )}
        <h1 className="post-article-title">{title}</h1>
        <p className="post-article-subtitle">{subtitle}</p>
        <p className="post-article-date">
          {publishedAt ? <LocalDate iso={publishedAt} /> : 'Not published yet'}
          <span className="post-article-reading-time"> · {readingMinutes} min read</span>
        </p>
        {tags.length > 0 && (
          <ul className="post-article-tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag.slug}>
                <Link className="post-article-tag" to={tagPath(tag.slug)}>
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {actions && <div className="post-article-actions">{actions}</div>}
      </header>
      <div className="prose post-content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
