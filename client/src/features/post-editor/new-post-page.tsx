// The new post form, at /new, for admins. What is typed (not the image) is kept in local storage as
// a draft until the post is saved to the server: published, scheduled or as a draft (which then
// goes on in its own editor, /blog/{id}/edit).
import { useState } from 'react';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { PostForm } from './post-form';
import { loadNewPostDraft, saveNewPostDraft } from './post-form-values';
import { useSavePost } from './save-post';

export function NewPostPage() {
  const [draft] = useState(loadNewPostDraft);
  const savePost = useSavePost({ postId: null });

  return (
    <div className="container">
      <PageMeta {...SCREEN_TEXTS.newPost} path="/new" noindex />
      <h1>New post</h1>
      <PostForm
        initialValues={draft}
        imageRequired
        busyLabel="Creating the post"
        onSubmit={savePost}
        onValuesChange={saveNewPostDraft}
      />
    </div>
  );
}
