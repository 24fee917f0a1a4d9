// The blog search box: a keyword leads to /blog/search/{keyword}. The keyword rule is the server's own
// module, so the box refuses exactly what the API would refuse, with the same words. Without
// JavaScript it is a plain form, GET /blog/search?q=keyword: the server sends a keyword on to its
// results, or renders the blog with this box showing the same message (initialError).
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { keywordError } from '#kernel/search-rules.ts';
import './search-box.css';
import { searchPath } from '#kernel/route-paths.ts';
import { SEARCH_FORM_FIELD, SEARCH_FORM_PATH } from '#kernel/server-render.ts';

/** The box's field: the header's search link leads to it (/blog#search). A page has one box at most. */
export const SEARCH_BOX_ID = 'search';

interface SearchBoxProps {
  /** The keyword already searched for, shown in the box. */
  initialKeyword?: string;
  /** The message for a keyword the form was sent with and the server refused. */
  initialError?: string | null;
}

export function SearchBox({ initialKeyword = '', initialError = null }: SearchBoxProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(initialError);
  // Like a form library's defaults: check on submit first, then again on every change.
  const [submitted, setSubmitted] = useState(initialError !== null);
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get(SEARCH_FORM_FIELD);
    if (typeof q !== 'string') {
      navigate('/error');
      return;
    }
    const problem = keywordError(q);
    setSubmitted(true);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    navigate(searchPath(q.trim()));
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (submitted) setError(keywordError(event.currentTarget.value));
  }

  return (
    <form
      className="search-box"
      role="search"
      aria-label="Posts"
      action={SEARCH_FORM_PATH}
      method="get"
      noValidate
      onSubmit={handleSubmit}
      // On a page without the app, islands/search-box.ts checks the keyword the same way.
      data-island="search-box"
    >
      <label className="visually-hidden" htmlFor={SEARCH_BOX_ID}>
        Search posts
      </label>
      <div className="search-box-row">
        <input
          ref={inputRef}
          id={SEARCH_BOX_ID}
          className="search-box-input"
          type="search"
          name={SEARCH_FORM_FIELD}
          defaultValue={initialKeyword}
          placeholder="Search posts"
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={handleChange}
        />
        <button className="button" type="submit">
          Search
        </button>
      </div>
      {/* Always present, so the message is announced when it appears and nothing below jumps. */}
      <p id={errorId} className="search-box-error" role="alert">
        {error}
      </p>
    </form>
  );
}
