// The edit post form, at /blog/{id}/edit, for admins: the post's fields filled in and its current
// picture shown. Submit saves (save-post.ts); Cancel goes back. When the post cannot be loaded, the
// server's message shows instead.
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { preloadRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { Spinner } from '../../components/spinner';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql } from '../../gql';
import { PostForm } from './post-form';
import { fromApiCategory } from '#kernel/post-rules.ts';
import { useSavePost } from './save-post';
import { editPostPath, postPath } from '#kernel/route-paths.ts';

const EditPostQuery = graphql(`
  query EditPost($id: ID!) {
    post(id: $id) {
      id
      title
      subtitle
      content
      category
      image {
        ...UploadedImage_Image
      }
    }
  }
`);

export function EditPostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The form edits what the server has now, not what a list cached a while ago.
  const { data, error } = useQuery(EditPostQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const savePost = useSavePost(id);

  // The editor's code downloads alongside the post, not after it.
  useEffect(() => preloadRichTextEditor(), []);

  function cancel() {
    // Opened straight from its address there is nothing to go back to: the post's page instead.
    if (location.key === 'default') navigate(postPath(id));
    else navigate(-1);
  }

  let body;
  if (error) {
    body = <ErrorMessage error={error} />;
  } else if (!data) {
    body = <Spinner label="Loading the post" />;
  } else if (!data.post) {
    body = (
      <>
        <ErrorMessage>This post does not exist: it may have been deleted.</ErrorMessage>
        <p>
          <Link to="/blog">Back to the blog</Link>
        </p>
      </>
    );
  } else {
    const { post } = data;
    body = (
      <PostForm
        key={post.id}
        initialValues={{
          title: post.title,
          subtitle: post.subtitle,
          content: post.content,
          category: post.category ? fromApiCategory(post.category) : '',
        }}
        imageRequired={!post.image}
        currentImage={
          post.image && (
            <figure className="post-form-current">
              <UploadedImage
                className="post-form-current-image"
                image={post.image}
                alt={`Current image of “${post.title}”`}
                sizes="24rem"
                priority
              />
              <figcaption>
                Current image. Pick a new one below to replace it; leave it empty to keep this one.
              </figcaption>
            </figure>
          )
        }
        busyLabel="Saving the post"
        onSubmit={savePost}
        onCancel={cancel}
      />
    );
  }

  return (
    <div className="container">
      <PageMeta {...SCREEN_TEXTS.editPost} path={editPostPath(id)} noindex />
      <h1>Edit post</h1>
      {body}
    </div>
  );
}
