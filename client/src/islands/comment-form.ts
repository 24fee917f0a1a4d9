// The comment form's island (issue 38): with JavaScript, the post page's comment form is sent
// without a page reload. Framework-free (no React, no Apollo, plain fetch), in the islands' shape: the
// element marked data-island="comment-form" (the <form> itself) is enhanced by this default export,
// which returns what undoes it. Without JavaScript the same form is a plain POST to /comments that
// answers 303 back to the post (server/modules/comments/comment-form.route.ts); this sends the same
// fields to the same route, asking for JSON, so the server checks both ways alike.
//
// It also shows the commenter their own comments awaiting approval, kept by this browser (the
// comments_pending cookie the server sets), in the list marked data-comment-pending.

const PENDING_COOKIE = 'comments_pending';

interface PendingComment {
  id: string;
  name: string;
  website: string | null;
  text: string;
  createdAt: string;
}

interface Answer {
  message?: string;
  fieldErrors?: Record<string, string>;
  comment?: PendingComment;
}

function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** A held comment as the server renders one (post-comments.tsx's PendingMark), built from text nodes only. */
function pendingItem(comment: PendingComment, mark: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'comment-thread';
  item.dataset.commentId = comment.id;
  const article = document.createElement('article');
  article.className = 'comment comment-pending';
  const header = document.createElement('p');
  header.className = 'comment-meta';
  const name = document.createElement('span');
  name.className = 'comment-name';
  name.textContent = comment.name;
  header.append(name);
  article.append(header);
  for (const paragraph of comment.text.split(/\n\s*\n/)) {
    if (paragraph.trim() === '') continue;
    const p = document.createElement('p');
    p.className = 'comment-text';
    p.textContent = paragraph.trim();
    article.append(p);
  }
  const waiting = document.createElement('p');
  waiting.className = 'comment-pending-mark';
  waiting.textContent = mark;
  article.append(waiting);
  item.append(article);
  return item;
}

export default function commentForm(element: HTMLElement): () => void {
  const form = element as HTMLFormElement;
  const status = form.querySelector<HTMLElement>('[data-comment-status]');
  const section = form.closest('section') ?? document;
  const pendingList = section.querySelector<HTMLElement>('[data-comment-pending]');
  const mark = pendingList?.dataset.mark ?? 'Awaiting approval';
  const controller = new AbortController();
  const { signal } = controller;

  const shown = () =>
    new Set([...section.querySelectorAll<HTMLElement>('[data-comment-id]')].map((item) => item.dataset.commentId));
  const showPending = (comment: PendingComment) => {
    if (!pendingList || shown().has(comment.id)) return;
    pendingList.append(pendingItem(comment, mark));
    pendingList.hidden = false;
  };

  // A fresh token of when the form was shown: the page may have been made (and cached) long before.
  void fetch('/comments/token', { signal, headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ token: string }>) : null))
    .then((answer) => {
      const input = form.elements.namedItem('formToken');
      if (answer && input instanceof HTMLInputElement) input.value = answer.token;
    })
    .catch(() => {});

  // This browser's held comments, when the page's address did not bring them.
  const token = cookie(PENDING_COOKIE);
  const postId = (form.elements.namedItem('postId') as HTMLInputElement | null)?.value;
  if (token && postId && !new URL(location.href).searchParams.has('pending')) {
    void fetch(`/comments/pending?postId=${encodeURIComponent(postId)}&token=${encodeURIComponent(token)}`, {
      signal,
      headers: { accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<PendingComment[]>) : []))
      .then((comments) => comments.forEach(showPending))
      .catch(() => {});
  }

  const clearErrors = () => {
    for (const error of form.querySelectorAll('[data-error-for]')) error.remove();
    for (const input of form.querySelectorAll('[aria-invalid]')) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const say = (message: string, failed: boolean) => {
    if (!status) return;
    status.textContent = message;
    status.classList.toggle('comment-form-status-error', failed);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.disabled) return;
    if (button) button.disabled = true;
    clearErrors();
    say('Sending…', false);
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      if (!response.ok) {
        say(answer.message ?? 'Your comment could not be sent. Try again.', true);
        for (const [name, message] of Object.entries(answer.fieldErrors ?? {})) {
          const input = form.elements.namedItem(name);
          if (!(input instanceof HTMLElement)) continue;
          const error = document.createElement('p');
          error.className = 'form-field-error';
          error.id = `comment-${name}-error`;
          error.dataset.errorFor = name;
          error.textContent = message;
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('aria-describedby', error.id);
          input.after(error);
        }
        // What was typed stays in the form.
        return;
      }
      say(answer.message ?? 'Thank you!', false);
      if (answer.comment) showPending(answer.comment);
      const text = form.elements.namedItem('text');
      if (text instanceof HTMLTextAreaElement) text.value = '';
    } catch (error) {
      if (signal.aborted) return;
      say('Your comment could not be sent: the connection failed. Try again.', true);
      void error;
    } finally {
      if (button) button.disabled = false;
    }
  };
  form.addEventListener('submit', (event) => void onSubmit(event), { signal });
  return () => controller.abort();
}
