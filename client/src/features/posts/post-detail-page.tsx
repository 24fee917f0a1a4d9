// One post, at /blog/{slug}: its article with the post's own page metadata and what follows it (the
// category, the previous and next posts, related ones, the way back), the loading indicator,
// or the missing-post state when it fails to load or there is no such post. The author also sees
// their drafts and scheduled posts here, marked as a preview that search engines must not index.
import { Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { ShelfBox } from '../../components/shelf-box';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { useUserInfo } from '../../lib/user-info';
import { MissingPost } from './missing-post';
import { PostAdminActions } from './post-admin-actions';
import { PostEnding } from './post-ending';
import { PostComments } from './post-comments';
import { SubscribeBox } from '../../components/subscribe-box';
import { loadSanitizer, PostArticle } from './post-article';
import { postPath } from '#kernel/route-paths.ts';
import { SOCIAL_IMAGE_SIZE } from '#kernel/page-meta-rules.ts';

const PostDetailQuery = graphql(`
  query PostDetail($slug: String!) {
    post(slug: $slug) {
      id
      slug
      status
      title
      subtitle
      description
      imageAlt
      socialImageUrl
      ...PostArticle_Post
      ...PostEnding_Post
      ...PostComments_Post
      shelfItems {
        id
        ...ShelfBox_Item
      }
    }
  }
`);

export function PostDetailPage() {
  const { slug = '' } = useParams();
  const { data, error } = useFreshQuery(PostDetailQuery, { slug });
  const user = useUserInfo();
  const navigate = useNavigate();
  const currentSlug = data?.post?.slug;

  // Found by an address it had before (its id, a former slug): show the one it has now. The server
  // answers such a first load with a 301; this is for links followed inside the app.
  useEffect(() => {
    if (currentSlug && currentSlug !== slug) void navigate(postPath(currentSlug), { replace: true });
  }, [currentSlug, slug, navigate]);

  // The sanitizer's chunk downloads alongside the query, not after it.
  useEffect(() => {
    void loadSanitizer();
  }, []);

  let body;
  if (error || data?.post === null) {
    body = <MissingPost />;
  } else if (!data) {
    body = <Spinner label="Loading the post" />;
  } else {
    const { post } = data;
    const preview = post.status !== 'PUBLISHED';
    body = (
      <>
        <PageMeta
          title={post.title}
          description={post.description || post.subtitle}
          path={postPath(post.slug)}
          type="article"
          noindex={preview}
          {...(post.socialImageUrl
            ? { image: { url: post.socialImageUrl, ...SOCIAL_IMAGE_SIZE, alt: post.imageAlt } }
            : {})}
        />
        {preview && (
          <p className="post-preview-banner" role="status">
            Preview: {post.status === 'SCHEDULED' ? 'scheduled, not public yet' : 'a draft'}. Only you can see this
            page.
          </p>
        )}
        <Suspense fallback={<Spinner label="Loading the post" />}>
          <PostArticle post={post} actions={user?.isAdmin ? <PostAdminActions postId={post.id} /> : undefined} />
        </Suspense>
        {post.shelfItems.length > 0 && (
          // The shelf items the post is about (issue 41): each one's box, under the text.
          <aside className="post-shelf-items" aria-label="On the shelf">
            {post.shelfItems.map((item) => (
              <ShelfBox key={item.id} item={item} />
            ))}
          </aside>
        )}
        <PostEnding post={post} />
        {!preview && <SubscribeBox />}
        {!preview && <PostComments post={post} />}
      </>
    );
  }

  return <div className="container container-narrow">{body}</div>;
}
