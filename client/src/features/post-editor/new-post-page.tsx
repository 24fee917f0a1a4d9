// The new post form, at /new, for admins. What is typed is kept in local storage as a draft (and the
// picked picture in IndexedDB, lib/kept-images.ts) until the post is saved to the server: published, scheduled or as a draft (which then
// goes on in its own editor, /blog/{id}/edit). A draft found on opening is said to be one.
import { useState } from 'react';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { PostForm } from './post-form';
import {
  clearNewPostDraft,
  EMPTY_POST_VALUES,
  loadNewPostDraft,
  saveNewPostDraft,
  valuesDiffer,
} from './post-form-values';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { useSavePost, useSiteTimeZone } from './save-post';
import { Spinner } from '../../components/spinner';
import { NEW_POST_DRAFT_KEY } from '../../lib/unsaved-work';

export function NewPostPage() {
  const [draft, setDraft] = useState(loadNewPostDraft);
  const [restored, setRestored] = useState(() => valuesDiffer(draft, EMPTY_POST_VALUES));
  // Bumped by Discard: the form starts again, empty.
  const [starts, setStarts] = useState(0);
  const timeZone = useSiteTimeZone();
  const savePost = useSavePost({ postId: null, timeZone: timeZone ?? 'UTC' });

  function discard() {
    clearNewPostDraft();
    setDraft(EMPTY_POST_VALUES);
    setRestored(false);
    setStarts((count) => count + 1);
  }

  return (
    <div className="container">
      <PageMeta {...SCREEN_TEXTS.newPost} path="/new" noindex />
      <h1>New post</h1>
      {restored && <RestoredDraftNotice onDiscard={discard} />}
      {/* The form waits for the site's time zone: "Publish at" is read in it. */}
      {!timeZone ? (
        <Spinner label="Loading the post form" />
      ) : (
        <PostForm
          key={starts}
          timeZone={timeZone}
          initialValues={draft}
          imageRequired
          busyLabel="Creating the post"
          onSubmit={savePost}
          onValuesChange={saveNewPostDraft}
          draftKey={NEW_POST_DRAFT_KEY}
          onImageRestored={() => setRestored(true)}
        />
      )}
    </div>
  );
}
