// The blog's search box (components/search-box.tsx renders it) on a page the app does not run. It is
// a plain form (GET /blog/search?q=keyword, which the server sends on to the results); this checks
// the keyword first with the server's own rule and words, as the app does, shows the message under
// the box and keeps the cursor there, and goes straight to the results' address. A page opened at
// the box (the header's search link, /blog#search) gets the cursor in it.
import { searchPath } from '#kernel/route-paths.ts';
import { keywordError } from '#kernel/search-rules.ts';
import { SEARCH_FORM_FIELD } from '#kernel/server-render.ts';
import type { Island } from './island';

const searchBoxIsland: Island = (element) => {
  const form = element as HTMLFormElement;
  const field = form.elements.namedItem(SEARCH_FORM_FIELD);
  const message = form.querySelector<HTMLElement>('[role="alert"]');
  if (!(field instanceof HTMLInputElement) || !message) return;
  const input = field;
  // Like the app: checked on submit first, then again on every change.
  let submitted = input.getAttribute('aria-invalid') === 'true';

  function show(problem: string | null) {
    message!.textContent = problem;
    if (problem) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', message!.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem = keywordError(input.value);
    submitted = true;
    show(problem);
    if (problem) input.focus();
    else location.assign(searchPath(input.value.trim()));
  }
  function recheck() {
    if (submitted) show(keywordError(input.value));
  }
  form.addEventListener('submit', submit);
  input.addEventListener('input', recheck);
  if (location.hash === `#${input.id}`) input.focus();
  return () => {
    form.removeEventListener('submit', submit);
    input.removeEventListener('input', recheck);
  };
};

export default searchBoxIsland;
