// Saving a post, from /new or from /blog/{id}/edit: one path for both, and for the three ways to save
// it (publish with Submit, save a draft, schedule). The values go up as the form has them (trimmed
// texts, the API's category); the image in a multipart request (lib/upload-link.ts), and on edit
// only when a new one was picked, since none keeps the current one. An edit names the version it
// started from (expectedUpdatedAt): the server refuses it with CONFLICT when the post changed since,
// and the author chooses which version to keep (edit-conflict.tsx), never overwriting it unseen.
import { useMutation } from '@apollo/client/react';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { toApiCategory, type PostStatusValue } from '#kernel/post-rules.ts';
import { editPostPath, postPath } from '#kernel/route-paths.ts';
import { getFragmentData, graphql } from '../../gql';
import { apiError, showApiError } from '../../lib/api-errors';
import { evictAfterPostWritten } from '../../lib/post-writes';
import { useSite } from '../../lib/site';
import { toast } from '../../lib/toast';
import { knownTimeZone } from '#kernel/zoned-time.ts';
import {
  clearNewPostDraft,
  focusOfValue,
  forgetEditDraft,
  publishAtDate,
  tagsOf,
  type PostFormValues,
} from './post-form-values';
import { SavedPostFragment } from './saved-post';

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

/** What a quiet save says when the request never got an answer from the API (offline, server gone). */
export const NO_CONNECTION = 'No connection to the server';

/** What became of a save, for the form: where to go next, or what to show. */
export type SaveOutcome =
  /** Refused: the server's messages for the fields (already shown as a toast). */
  | { kind: 'refused'; fieldErrors: FieldErrors }
  /** Refused as based on an older version of the post. */
  | { kind: 'conflict'; message: string }
  /** A quiet save (the autosave) that did not go through: what to say beside the form, no toast. */
  | { kind: 'failed'; message: string }
  /** Stored; `leaveTo` is the screen to go to now, if any (else the form stays, saved). */
  | {
      kind: 'saved';
      post: { id: string; slug: string; status: PostStatusValue; updatedAt: string; publishedAt?: string | null };
      leaveTo?: { path: string; replace?: boolean; state?: unknown };
    };

export interface SavePostOptions {
  /** null for a new post. */
  postId: string | null;
  /** The site's time zone, in which the form's "Publish at" is wall-clock time. */
  timeZone: string;
  /** The post's updatedAt as the form loaded (or last saved) it, read when saving. */
  expectedUpdatedAt?: () => string | null;
}

export interface SaveOptions {
  /** A save the author did not ask for (the autosave): a failure comes back as 'failed', without a toast. */
  quiet?: boolean;
  /** The author stays in the editor even when the post is published (Ctrl+S). */
  stay?: boolean;
}

/** What the editor's screen says once it is open again after saving (/new to /blog/{id}/edit). */
export interface SavedNavigationState {
  savedStatus: PostStatusValue;
}

/**
 * The zone the form's "Publish at" is read and shown in: the site's (its settings, issue 36), not
 * the browser's, so every author schedules by the same clock (kernel/zoned-time.ts). UTC if this
 * browser lacks it; undefined until the site's settings are known.
 */
export function useSiteTimeZone(): string | undefined {
  const site = useSite();
  return site ? knownTimeZone(site.timeZone) : undefined;
}

/** Saves the form's values as a new post (postId null) or over the post, as `status`. */
export function useSavePost({ postId, timeZone, expectedUpdatedAt }: SavePostOptions) {
  const [createPost] = useMutation(CreatePostMutation, { update: (cache) => evictAfterPostWritten(cache) });
  const [updatePost] = useMutation(UpdatePostMutation, { update: (cache) => evictAfterPostWritten(cache) });

  return async function savePost(
    values: PostFormValues,
    image: File | null,
    status: PostStatusValue,
    { quiet = false, stay = false }: SaveOptions = {},
  ): Promise<SaveOutcome> {
    const publishAt = status === 'SCHEDULED' ? publishAtDate(values.publishAt, timeZone) : null;
    const input = {
      title: values.title.trim(),
      subtitle: values.subtitle.trim(),
      content: values.content,
      ...(values.category ? { category: toApiCategory(values.category) } : {}),
      status,
      ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      slug: values.slug.trim(),
      description: values.description.trim(),
      imageAlt: values.imageAlt.trim(),
      ...focusOfValue(values.focus),
      tags: tagsOf(values.tags),
      ...(image ? { image } : {}),
    };
    let saved;
    try {
      if (postId === null) {
        const { data } = await createPost({ variables: { input } });
        saved = data?.createPost;
      } else {
        const expected = expectedUpdatedAt?.() ?? null;
        const { data } = await updatePost({
          variables: {
            id: postId,
            // The autosave says so: the server then keeps a revision every ten minutes, not one per pause.
            input: {
              ...input,
              ...(expected ? { expectedUpdatedAt: expected } : {}),
              ...(quiet ? { autosave: true } : {}),
            },
          },
        });
        saved = data?.updatePost;
      }
    } catch (error) {
      const failure = apiError(error);
      if (failure.code === 'CONFLICT') return { kind: 'conflict', message: failure.message };
      if (quiet) return { kind: 'failed', message: failure.code ? failure.message : NO_CONNECTION };
      return { kind: 'refused', fieldErrors: showApiError(error).fieldErrors };
    }
    if (!saved) return { kind: 'refused', fieldErrors: {} };
    const post = getFragmentData(SavedPostFragment, saved);
    // Stored on the server: the browser's copy of the work has served its purpose.
    if (postId === null) clearNewPostDraft();
    else forgetEditDraft(postId);

    if (post.status === 'PUBLISHED') {
      toast.success(postId === null ? 'Blogpost has been created' : 'Blogpost has been updated');
      if (stay && postId !== null) return { kind: 'saved', post };
      // The author lands on the post as readers now see it.
      return { kind: 'saved', post, leaveTo: { path: postPath(post.slug) } };
    }
    if (postId === null) {
      // The new draft has an address of its own now: its editor, where the work goes on (a reload
      // brings it back from the server, not from this browser).
      const state: SavedNavigationState = { savedStatus: post.status };
      return { kind: 'saved', post, leaveTo: { path: editPostPath(post.id), replace: true, state } };
    }
    return { kind: 'saved', post };
  };
}
