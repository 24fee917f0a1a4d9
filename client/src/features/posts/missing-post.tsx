// What /blog/{id} shows when the post cannot be loaded or does not exist: 'The page does not exist', a new search, or Go Back.
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { SearchBox } from '../../components/search-box';
import { Spinner } from '../../components/spinner';
import { useServerRedirect } from '../../lib/server-redirect';
import './missing-post.css';

export function MissingPost() {
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  // Reached by a link inside the app: the server may redirect this address (server-redirect.ts).
  const asking = useServerRedirect();

  function goBack() {
    // 'default' is the entry the visit started on: there is no page of this site to go back to.
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  }

  if (asking) return <Spinner label="Loading the page" />;
  return (
    <section className="missing-post" aria-labelledby={headingId}>
      <PageMeta {...SCREEN_TEXTS.missingPost} path={location.pathname} noindex />
      <h1 id={headingId}>The page does not exist</h1>
      <p className="missing-post-lead">Make a new search</p>
      <SearchBox />
      <p className="missing-post-or">or</p>
      {/* On a page without the app, islands/go-back.ts does the same. */}
      <button className="button" type="button" onClick={goBack} data-island="go-back">
        Go Back
      </button>
    </section>
  );
}
