// One post, at /blog/{id}: its article with the post's own page metadata, the loading indicator,
// or the missing-post state when it fails to load or there is no such post.
import { Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { useUserInfo } from '../../lib/user-info';
import { MissingPost } from './missing-post';
import { PostAdminActions } from './post-admin-actions';
import { loadSanitizer, PostArticle } from './post-article';
import { postPath } from '#kernel/route-paths.ts';

const PostDetailQuery = graphql(`
  query PostDetail($id: ID!) {
    post(id: $id) {
      id
      title
      subtitle
      image {
        url
        width
        height
      }
      ...PostArticle_Post
    }
  }
`);

export function PostDetailPage() {
  const { id = '' } = useParams();
  const { data, error } = useFreshQuery(PostDetailQuery, { id });
  const user = useUserInfo();

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
    body = (
      <>
        <PageMeta
          title={post.title}
          description={post.subtitle}
          path={postPath(post.id)}
          type="article"
          image={{ url: post.image.url, width: post.image.width, height: post.image.height, alt: post.title }}
        />
        <Suspense fallback={<Spinner label="Loading the post" />}>
          <PostArticle post={post} actions={user?.isAdmin ? <PostAdminActions postId={post.id} /> : undefined} />
        </Suspense>
      </>
    );
  }

  return <div className="container container-narrow">{body}</div>;
}
