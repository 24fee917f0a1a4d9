// The edit post form, at /blog/{id}/edit, for admins (../shared/SPEC.md sections 2, 4, 5 and 8):
// the post's fields filled in and its current picture shown. Submit sends the update without an
// image, or with the new one when one was picked; Cancel goes back. When the post cannot be loaded,
// the server's message shows instead.
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { preloadRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { Spinner } from '../../components/spinner';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictAfterPostUpdated } from '../../lib/cache-updates';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { PostForm } from './post-form';
import { fromApiCategory, toApiCategory } from '#kernel/post-rules.ts';
import type { PostFormValues } from './post-form-values';

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

const UpdatePostMutation = graphql(`
  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      id
      ...PostEditor_SavedPost
    }
  }
`);

export function EditPostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The form edits what the server has now, not what a list cached a while ago.
  const { data, error } = useQuery(EditPostQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const [updatePost] = useMutation(UpdatePostMutation, { update: (cache) => evictAfterPostUpdated(cache) });

  // The editor's code downloads alongside the post, not after it.
  useEffect(() => preloadRichTextEditor(), []);

  function cancel() {
    // Opened straight from its address there is nothing to go back to: the post's page instead.
    if (location.key === 'default') navigate(`/blog/${id}`);
    else navigate(-1);
  }

  async function submit(values: PostFormValues, image: File | null) {
    if (!values.category) return undefined; // the form has checked it
    try {
      await updatePost({
        variables: {
          id,
          input: {
            title: values.title.trim(),
            subtitle: values.subtitle.trim(),
            content: values.content,
            category: toApiCategory(values.category),
            // No image keeps the current one.
            ...(image ? { image } : {}),
          },
        },
      });
    } catch (failure) {
      return showApiError(failure).fieldErrors;
    }
    toast.success('Blogpost has been updated');
    navigate(`/blog/${id}`);
    return undefined;
  }

  let body;
  if (error) {
    body = (
      <p className="error-message" role="alert">
        {errorMessage(error)}
      </p>
    );
  } else if (!data) {
    body = <Spinner label="Loading the post" />;
  } else if (!data.post) {
    body = (
      <>
        <p className="error-message" role="alert">
          This post does not exist: it may have been deleted.
        </p>
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
          category: fromApiCategory(post.category),
        }}
        imageRequired={false}
        currentImage={
          <figure className="post-form-current">
            <UploadedImage
              className="post-form-current-image"
              image={post.image}
              alt={`Current image of “${post.title}”`}
              sizes="24rem"
              priority
            />
            <figcaption>Current image. Pick a new one below to replace it; leave it empty to keep this one.</figcaption>
          </figure>
        }
        busyLabel="Saving the post"
        onSubmit={submit}
        onCancel={cancel}
      />
    );
  }

  return (
    <div className="container">
      <PageMeta {...SCREEN_TEXTS.editPost} path={`/blog/${id}/edit`} noindex />
      <h1>Edit post</h1>
      {body}
    </div>
  );
}
