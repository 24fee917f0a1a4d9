// Saving a post, from /new or from /blog/{id}/edit: one path for both. The values go up as the form
// has them (trimmed title and subtitle, the API's category); the image in a multipart request
// (lib/upload-link.ts), and on edit only when a new one was picked, since none keeps the current one.
// Success says so ("Blogpost has been created" / "...updated") and moves on: a new post to /blog,
// an edited one to its page, both already showing it.
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { toApiCategory } from '#kernel/post-rules.ts';
import { graphql } from '../../gql';
import { fieldErrorsOf } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { evictAfterPostCreated, evictAfterPostUpdated } from './post-cache';
import { clearNewPostDraft, type PostFormValues } from './post-form-values';
import { postPath } from '#kernel/route-paths.ts';

const CreatePostMutation = graphql(`
  mutation CreatePost($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      ...PostEditor_SavedPost
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

/** Saves the form's values as a new post (postId null) or over the post; resolves to the server's field messages when refused. */
export function useSavePost(postId: string | null) {
  const navigate = useNavigate();
  const [createPost] = useMutation(CreatePostMutation, { update: (cache) => evictAfterPostCreated(cache) });
  const [updatePost] = useMutation(UpdatePostMutation, { update: (cache) => evictAfterPostUpdated(cache) });

  return async function savePost(values: PostFormValues, image: File | null): Promise<FieldErrors | undefined> {
    if (!values.category || (postId === null && !image)) return undefined; // the form has refused these
    const input = {
      title: values.title.trim(),
      subtitle: values.subtitle.trim(),
      content: values.content,
      category: toApiCategory(values.category),
      ...(image ? { image } : {}),
    };
    const refused = await fieldErrorsOf(() =>
      postId === null
        ? createPost({ variables: { input: { ...input, image: image! } } })
        : updatePost({ variables: { id: postId, input } }),
    );
    if (refused) return refused;
    if (postId === null) {
      clearNewPostDraft();
      toast.success('Blogpost has been created');
      navigate('/blog');
    } else {
      toast.success('Blogpost has been updated');
      navigate(postPath(postId));
    }
    return undefined;
  };
}
