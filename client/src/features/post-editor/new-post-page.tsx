// The new post form, at /new, for admins (../shared/SPEC.md sections 2, 4, 5 and 8). What is typed
// (not the image) is kept in local storage as a draft until the post is created; the image goes up
// in a multipart request (lib/upload-link.ts). Success goes to /blog, which already lists the post.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictAfterPostCreated } from '../../lib/cache-updates';
import { toast } from '../../lib/toast';
import { PostForm } from './post-form';
import { toApiCategory } from '#kernel/post-rules.ts';
import { clearNewPostDraft, loadNewPostDraft, saveNewPostDraft, type PostFormValues } from './post-form-values';

const CreatePostMutation = graphql(`
  mutation CreatePost($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      ...PostEditor_SavedPost
    }
  }
`);

export function NewPostPage() {
  const navigate = useNavigate();
  const [draft] = useState(loadNewPostDraft);
  const [createPost] = useMutation(CreatePostMutation, { update: (cache) => evictAfterPostCreated(cache) });

  async function submit(values: PostFormValues, image: File | null) {
    if (!image || !values.category) return undefined; // the form has checked both
    try {
      await createPost({
        variables: {
          input: {
            title: values.title.trim(),
            subtitle: values.subtitle.trim(),
            content: values.content,
            category: toApiCategory(values.category),
            image,
          },
        },
      });
    } catch (error) {
      return showApiError(error).fieldErrors;
    }
    clearNewPostDraft();
    toast.success('Blogpost has been created');
    navigate('/blog');
    return undefined;
  }

  return (
    <div className="container">
      <PageMeta {...SCREEN_TEXTS.newPost} path="/new" noindex />
      <h1>New post</h1>
      <PostForm
        initialValues={draft}
        imageRequired
        busyLabel="Creating the post"
        onSubmit={submit}
        onValuesChange={saveNewPostDraft}
      />
    </div>
  );
}
