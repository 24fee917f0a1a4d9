// The edit post form, at /blog/{id}/edit, for admins: the post's fields filled in and its current
// picture shown. Submit publishes, Save draft and Schedule keep the author here (save-post.ts);
// Cancel goes back. Each save names the version it started from: when the post changed elsewhere
// meanwhile, the server refuses it and the author is offered to reload the post, never to overwrite
// it unseen. When the post cannot be loaded, the server's message shows instead.
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { preloadRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { Spinner } from '../../components/spinner';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql } from '../../gql';
import { slugify } from '#kernel/slug-rules.ts';
import { PostForm, savedNoteOf } from './post-form';
import { fromApiCategory } from '#kernel/post-rules.ts';
import { useSavePost, type SavedNavigationState } from './save-post';
import { RestoredDraftNotice } from './restored-draft-notice';
import { PostRevisions } from './post-revisions';
import {
  focusValue,
  forgetEditDraft,
  loadEditDraft,
  saveEditDraft,
  type EditDraft,
  toDateTimeLocal,
  valuesDiffer,
  type PostFormValues,
} from './post-form-values';
import { editPostPath, postPath } from '#kernel/route-paths.ts';
import { editDraftKey } from '../../lib/unsaved-work';

const EditPostQuery = graphql(`
  query EditPost($id: ID!) {
    post(id: $id) {
      id
      status
      slug
      title
      subtitle
      content
      category
      description
      imageAlt
      publishedAt
      updatedAt
      image {
        url
        srcset
        focusX
        focusY
        ...UploadedImage_Image
      }
    }
  }
`);

/** True for the slug the title makes (or that slug made unique with -2, -3...). */
function isTitleSlug(slug: string, title: string): boolean {
  const base = slugify(title);
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

const STATUS_WORDS = { DRAFT: 'Draft', SCHEDULED: 'Scheduled', PUBLISHED: 'Published' } as const;

export function EditPostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The form edits what the server has now, not what a list cached a while ago.
  const { data, error, refetch } = useQuery(EditPostQuery, { variables: { id }, fetchPolicy: 'network-only' });
  // The version the form's values are based on: as loaded, then as each save left it.
  const baseVersion = useRef<string | null>(null);
  const savePost = useSavePost({ postId: id, expectedUpdatedAt: () => baseVersion.current });
  const [conflict, setConflict] = useState<string | null>(null);
  // A picture picked here before (a reload, a 401) was picked again as the form opened.
  const [imageRestored, setImageRestored] = useState(false);
  // Bumped by Reload and Discard: the form starts again from the post as the server has it now.
  const [loads, setLoads] = useState(0);
  const loadedVersion = data?.post?.updatedAt ?? null;
  // Edits this browser kept that the server never stored (the session ended, the tab closed): shown
  // instead, based on the version they started from, so a save over a newer one is refused.
  // Read once each time the form starts (the post loaded, Reload, Discard), not as the form writes it.
  const startKey = loadedVersion === null ? null : `${id}:${loads}`;
  const [kept, setKept] = useState<{ key: string; draft: EditDraft | null } | null>(null);
  if (startKey !== null && kept?.key !== startKey) setKept({ key: startKey, draft: loadEditDraft(id) });
  const restored = kept?.key === startKey ? (kept?.draft ?? null) : null;
  const restoredBase = restored?.baseUpdatedAt ?? null;
  useEffect(() => {
    if (baseVersion.current === null) baseVersion.current = restoredBase ?? loadedVersion;
  }, [loadedVersion, restoredBase]);
  const keepUnsaved = useCallback(
    (values: PostFormValues, unsaved: boolean) => {
      // Not before the version is known (the form's first effect runs before this page's).
      if (baseVersion.current === null) return;
      saveEditDraft(id, unsaved ? { values, baseUpdatedAt: baseVersion.current } : null);
    },
    [id],
  );

  // Left on purpose with the changes unsaved: nothing to restore next time. (A 401 or a closed tab
  // does not pass here, so the copy stays for those.)
  const dropUnsaved = useCallback(() => forgetEditDraft(id), [id]);

  /** Back to the post as the server has it: the kept edits are thrown away. */
  function startAfresh(version: string | null) {
    forgetEditDraft(id);
    setImageRestored(false);
    baseVersion.current = version;
    setConflict(null);
    setLoads((count) => count + 1);
  }
  const arrivedSaved = (location.state as SavedNavigationState | null)?.savedStatus;

  // The editor's code downloads alongside the post, not after it.
  useEffect(() => preloadRichTextEditor(), []);

  function cancel() {
    // Opened straight from its address there is nothing to go back to: the post's page instead.
    if (location.key === 'default') navigate(postPath(data?.post?.slug ?? id));
    else navigate(-1);
  }

  async function reload() {
    const { data: fresh } = await refetch();
    startAfresh(fresh?.post?.updatedAt ?? null);
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
    const serverValues: PostFormValues = {
      title: post.title,
      subtitle: post.subtitle,
      content: post.content,
      category: post.category ? fromApiCategory(post.category) : '',
      // A slug the title made stays empty, so a draft's address follows its title.
      slug: isTitleSlug(post.slug, post.title) ? '' : post.slug,
      description: post.description,
      imageAlt: post.imageAlt,
      publishAt: post.status === 'SCHEDULED' ? toDateTimeLocal(post.publishedAt) : '',
      focus: post.image ? focusValue(post.image.focusX, post.image.focusY) : '',
    };
    const restoring = restored !== null && valuesDiffer(restored.values, serverValues);
    const restoredAny = restoring || imageRestored;
    body = (
      <>
        {restoredAny && <RestoredDraftNotice onDiscard={() => startAfresh(post.updatedAt)} />}
        <p className="post-form-status">
          Status: <strong>{STATUS_WORDS[post.status]}</strong>
          {post.status !== 'PUBLISHED' && (
            <>
              {' · '}
              <Link to={postPath(post.slug)}>Preview</Link>
            </>
          )}
        </p>
        {conflict && (
          <div className="post-form-conflict" role="alert">
            <p>{conflict}</p>
            <button className="button" type="button" onClick={() => void reload()}>
              Reload
            </button>
          </div>
        )}
        <PostForm
          key={`${post.id}:${loads}`}
          initialValues={restoring ? restored.values : serverValues}
          savedValues={serverValues}
          onValuesChange={keepUnsaved}
          onLeaveAnyway={dropUnsaved}
          draftKey={editDraftKey(id)}
          onImageRestored={() => setImageRestored(true)}
          imageRequired={!post.image}
          currentPicture={post.image ? { src: post.image.url, srcSet: post.image.srcset } : undefined}
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
          onSubmit={async (values, image, status, options) => {
            const outcome = await savePost(values, image, status, options);
            if (outcome.kind === 'saved') baseVersion.current = outcome.post.updatedAt;
            return outcome;
          }}
          onConflict={setConflict}
          // Only a draft saves itself: anything else saved this way would be unpublished.
          autosave={post.status === 'DRAFT' && !conflict}
          onCancel={cancel}
          savedNote={loads === 0 && arrivedSaved ? savedNoteOf(arrivedSaved, post.publishedAt) : undefined}
        />
        <PostRevisions
          postId={post.id}
          version={post.updatedAt}
          expectedUpdatedAt={() => baseVersion.current}
          onRestored={startAfresh}
        />
      </>
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
