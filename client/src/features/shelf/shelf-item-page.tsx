// /shelf/{slug}: one item with its notes and the posts about it; /shelf/{year} is that year in
// review (shelf-year-page.tsx). Server-rendered markup with no state: it works without JavaScript.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/error-page';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { ShelfBox } from '../../components/shelf-box';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { ServerSanitizerContext } from '../../lib/server-sanitizer';
import { Suspense, use, useContext } from 'react';
import type * as SanitizeTypes from '../../lib/sanitize';
import '../../components/rich-content.css';
import { isShelfYear, progressText, SHELF_STATUS_LABELS, shelfPath } from '#kernel/shelf-rules.ts';
import { fromApiCategory, type CategoryValue } from '#kernel/post-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import { ShelfYearPage } from './shelf-year-page';
import './shelf.css';

const ShelfItemQuery = graphql(`
  query ShelfItemPage($slug: String!) {
    shelfItem(slug: $slug) {
      id
      slug
      title
      kind
      status
      progress
      progressTotal
      startedOn
      finishedOn
      notes
      tags
      links {
        label
        url
      }
      posts {
        id
        slug
        title
        subtitle
      }
      ...ShelfBox_Item
    }
  }
`);

export function ShelfItemOrYearPage() {
  const { slug = '' } = useParams();
  return isShelfYear(slug) ? <ShelfYearPage year={Number(slug)} /> : <ShelfItemPage slug={slug} />;
}

type SanitizeModule = typeof SanitizeTypes;
let sanitizer: Promise<SanitizeModule> | undefined;

/** The notes, sanitized once more before they are shown (as a post's text): by the server as it renders. */
function ShelfNotes({ notes }: { notes: string }) {
  const sanitize =
    useContext(ServerSanitizerContext) ?? use((sanitizer ??= import('../../lib/sanitize'))).sanitizeContent;
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: sanitize(notes) }} />;
}

function ShelfItemPage({ slug }: { slug: string }) {
  const { data, error } = useFreshQuery(ShelfItemQuery, { slug });
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data) return <Spinner label="Loading the item" />;
  const item = data.shelfItem;
  if (!item) return <NotFoundPage />;
  const kind = (fromApiCategory(item.kind) || 'book') as CategoryValue;
  const status = SHELF_STATUS_LABELS[item.status.toLowerCase() as keyof typeof SHELF_STATUS_LABELS];
  const progress = progressText(kind, item.progress, item.progressTotal ?? null);
  return (
    <div className="container shelf-page">
      <PageMeta title={item.title} description={`${item.title} on my shelf: ${status}.`} path={shelfPath(item.slug)} />
      <p className="shelf-back">
        <a href="/shelf">The shelf</a>
      </p>
      <h1>{item.title}</h1>
      <ShelfBox item={item} headingLevel={2} />
      <dl className="shelf-facts">
        <dt>Status</dt>
        <dd>{status}</dd>
        {progress && (
          <>
            <dt>Progress</dt>
            <dd>{progress}</dd>
          </>
        )}
        {item.startedOn && (
          <>
            <dt>Started</dt>
            <dd>
              <time dateTime={item.startedOn}>{item.startedOn}</time>
            </dd>
          </>
        )}
        {item.finishedOn && (
          <>
            <dt>Finished</dt>
            <dd>
              <time dateTime={item.finishedOn}>{item.finishedOn}</time>
            </dd>
          </>
        )}
        {item.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{item.tags.join(', ')}</dd>
          </>
        )}
      </dl>
      {item.notes && (
        <section aria-labelledby="shelf-notes" className="shelf-notes">
          <h2 id="shelf-notes">Notes</h2>
          <Suspense fallback={<Spinner label="Loading the notes" />}>
            <ShelfNotes notes={item.notes} />
          </Suspense>
        </section>
      )}
      {item.links.length > 0 && (
        <section aria-labelledby="shelf-links">
          <h2 id="shelf-links">Elsewhere</h2>
          <ul>
            {item.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener nofollow">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="shelf-posts">
        <h2 id="shelf-posts">Posts about it</h2>
        {item.posts.length === 0 ? (
          <p>No posts about it yet.</p>
        ) : (
          <ul>
            {item.posts.map((post) => (
              <li key={post.id}>
                <a href={postPath(post.slug)}>{post.title}</a>
                {post.subtitle && <> · {post.subtitle}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
