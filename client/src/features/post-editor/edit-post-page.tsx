// The edit post form, at /blog/{id}/edit, for admins: the post's fields filled in and its current
// picture shown. Submit publishes, Save draft and Schedule keep the author here (save-post.ts);
// Cancel goes back. Each save names the version it started from: when the post changed elsewhere
// meanwhile, the server refuses it and the author chooses which version to keep, having seen both
// (edit-conflict.tsx), never overwriting it unseen. When the post cannot be loaded, the server's
// message shows instead.
import { PostShelfItems } from './post-shelf-items';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { preloadRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { Spinner } from '../../components/spinner';
import { storedPicture, UploadedImage } from '../../components/uploaded-image';
import { getFragmentData, graphql } from '../../gql';
import type { EditPostQuery as EditPostResult, PostEditor_SavedPostFragment as EditedPost } from '../../gql/graphql';
import { isAutomaticSlug } from '#kernel/slug-rules.ts';
import { ConflictPointer, EditConflict, ReplacedText, type OtherVersion } from './edit-conflict';
import { PostForm, savedNoteOf, type PostFormControl } from './post-form';
import { fromApiCategory } from '#kernel/post-rules.ts';
import { useSavePost, useSiteTimeZone, type SavedNavigationState } from './save-post';
import { wallTimeOf } from '#kernel/zoned-time.ts';
import { SavedPostFragment } from './saved-post';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { PostRevisions } from './post-revisions';
import { CommentsClosedField } from './comments-closed-field';
import { SendByEmailField } from './send-by-email-field';
import { TestEmailButton } from './test-email-button';
import {
  forgetEditDraft,
  loadEditDraft,
  saveEditDraft,
  type EditDraft,
  tagsValue,
  valuesDiffer,
  type PostFormValues,
} from './post-form-values';
import { editPostPath, postPath } from '#kernel/route-paths.ts';
import { editDraftKey } from '../../lib/unsaved-work';
import { apiError } from '../../lib/api-errors';

const EditPostQuery = graphql(`
  query EditPost($id: ID!) {
    post(id: $id) {
      id
      ...PostEditor_SavedPost
    }
  }
`);

/** The post the query found, or null. */
function editedPost(found: EditPostResult['post'] | undefined): EditedPost | null {
  return found ? getFragmentData(SavedPostFragment, found) : null;
}

const STATUS_WORDS = { DRAFT: 'Draft', SCHEDULED: 'Scheduled', PUBLISHED: 'Published' } as const;

/** The form's values for the post as the server holds it; a scheduled time as wall-clock time in the site's zone. */
function formValuesOf(post: EditedPost, timeZone: string): PostFormValues {
  return {
    title: post.title,
    subtitle: post.subtitle,
    content: post.content,
    category: post.category ? fromApiCategory(post.category) : '',
    // A slug the title made stays empty, so a draft's address follows its title.
    slug: isAutomaticSlug(post.slug, post.title) ? '' : post.slug,
    description: post.description,
    imageAlt: post.imageAlt,
    publishAt: post.status === 'SCHEDULED' ? wallTimeOf(post.publishedAt, timeZone) : '',
    focus: post.image ? storedPicture(post.image).focus : '',
    tags: tagsValue(post.tags.map((tag) => tag.name)),
  };
}

/** A refused save: the server's words, whether the author asked for it, and the two versions. */
interface Conflict {
  message: string;
  /** A save the author asked for, or they asked to see the choices: the panel takes the view and the focus. */
  asked: boolean;
  mine: PostFormValues;
  theirs: OtherVersion;
}

export function EditPostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApolloClient();
  // The form edits what the server has now, not what a list cached a while ago.
  const { data, error, refetch } = useQuery(EditPostQuery, { variables: { id }, fetchPolicy: 'network-only' });
  // The version the form's values are based on: as loaded, then as each save left it.
  const baseVersion = useRef<string | null>(null);
  // "Publish at" is wall-clock time in the site's zone: the form waits for it (the spinner below).
  const loadedZone = useSiteTimeZone();
  const timeZone = loadedZone ?? 'UTC';
  const savePost = useSavePost({ postId: id, timeZone, expectedUpdatedAt: () => baseVersion.current });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // This tab's text after Take theirs, shown until the author leaves.
  const [replaced, setReplaced] = useState<PostFormValues | null>(null);
  const formControl = useRef<PostFormControl>(null);
  // The form's values as last typed (the form reports every change).
  const currentValues = useRef<PostFormValues | null>(null);
  // A picture picked here before (a reload, a 401) was picked again as the form opened.
  const [imageRestored, setImageRestored] = useState(false);
  // Bumped by Reload and Discard: the form starts again from the post as the server has it now.
  const [loads, setLoads] = useState(0);
  const loadedPost = editedPost(data?.post);
  const loadedVersion = loadedPost?.updatedAt ?? null;
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
      currentValues.current = values;
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
    if (location.key === 'default') navigate(postPath(loadedPost?.slug ?? id));
    else navigate(-1);
  }

  /** Reads the version the server holds now, beside the form (the form's own query is left as loaded). */
  async function loadTheirs() {
    setConflict((shown) => shown && { ...shown, theirs: { kind: 'loading' } });
    let theirs: OtherVersion;
    try {
      const { data: fresh } = await client.query({ query: EditPostQuery, variables: { id }, fetchPolicy: 'no-cache' });
      const post = editedPost(fresh?.post);
      theirs = post
        ? { kind: 'loaded', values: formValuesOf(post, timeZone), updatedAt: post.updatedAt }
        : { kind: 'failed', message: 'This post does not exist: it may have been deleted.' };
    } catch (error) {
      theirs = { kind: 'failed', message: apiError(error).message };
    }
    setConflict((shown) => shown && { ...shown, theirs });
  }

  function showConflict(message: string, { asked }: { asked: boolean }) {
    const mine = currentValues.current;
    if (!mine) return;
    setConflict({ message, asked, mine, theirs: { kind: 'loading' } });
    void loadTheirs();
  }

  /** This tab's text saved over the other: sent again, as based on the version now stored. */
  function keepMine() {
    if (conflict?.theirs.kind !== 'loaded') return;
    baseVersion.current = conflict.theirs.updatedAt;
    setConflict(null);
    formControl.current?.saveAgain();
  }

  /** The stored version into the form; this tab's text stays on screen (ReplacedText). */
  async function takeTheirs() {
    const mine = currentValues.current ?? conflict?.mine ?? null;
    const { data: fresh } = await refetch();
    setReplaced(mine);
    startAfresh(editedPost(fresh?.post)?.updatedAt ?? null);
  }

  /** The replaced text back in the form, unsaved, based on the version now stored (like a restored draft). */
  function putMineBack(version: string) {
    if (!replaced) return;
    saveEditDraft(id, { values: replaced, baseUpdatedAt: version });
    baseVersion.current = version;
    setReplaced(null);
    setLoads((count) => count + 1);
  }

  let body;
  if (error) {
    body = <ErrorMessage error={error} />;
  } else if (!data || !loadedZone) {
    body = <Spinner label="Loading the post" />;
  } else if (!loadedPost) {
    body = (
      <>
        <ErrorMessage>This post does not exist: it may have been deleted.</ErrorMessage>
        <p>
          <Link to="/blog">Back to the blog</Link>
        </p>
      </>
    );
  } else {
    const post = loadedPost;
    const serverValues = formValuesOf(post, timeZone);
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
        <PostForm
          key={`${post.id}:${loads}`}
          timeZone={timeZone}
          initialValues={restoring ? restored.values : serverValues}
          savedValues={serverValues}
          onValuesChange={keepUnsaved}
          onLeaveAnyway={dropUnsaved}
          draftKey={editDraftKey(id)}
          onImageRestored={() => setImageRestored(true)}
          imageRequired={!post.image}
          currentPicture={post.image ? storedPicture(post.image).current : undefined}
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
          onConflict={showConflict}
          controlRef={formControl}
          shortcutStatus={post.status}
          stateNote={
            conflict ? 'Not saved: this post changed elsewhere. Choose below which version to keep.' : undefined
          }
          notice={
            conflict ? (
              <EditConflict
                message={conflict.message}
                asked={conflict.asked}
                mine={conflict.mine}
                theirs={conflict.theirs}
                onKeepMine={keepMine}
                onTakeTheirs={() => void takeTheirs()}
                onRetry={() => void loadTheirs()}
              />
            ) : (
              replaced && (
                <ReplacedText mine={replaced} current={serverValues} onPutBack={() => putMineBack(post.updatedAt)} />
              )
            )
          }
          // Only a draft saves itself: anything else saved this way would be unpublished.
          autosave={post.status === 'DRAFT' && !conflict}
          onCancel={cancel}
          savedNote={loads === 0 && arrivedSaved ? savedNoteOf(arrivedSaved, post.publishedAt, timeZone) : undefined}
        />
        {conflict && !conflict.asked && (
          <ConflictPointer onShow={() => setConflict((shown) => shown && { ...shown, asked: true })} />
        )}
        <CommentsClosedField postId={post.id} />
        <SendByEmailField postId={post.id} status={post.status} />
        <TestEmailButton postId={post.id} />
        <PostShelfItems postId={post.id} />
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
