import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppParts } from './app/app';
import { loadFirstRender } from './app/first-render';
import { routes } from './app/router';
import './app/global.css';
import './app/focal-point.css';
import { prepareReaderDates } from './lib/format-date';
import { recordAnswers } from './lib/query-freshness';
import { readServerState } from './lib/server-state';

async function start() {
  const root = document.getElementById('root')!;
  const serverState = readServerState();

  if (!serverState || !root.firstChild) {
    const parts = createAppParts();
    createRoot(root).render(
      <StrictMode>
        <App {...parts} />
      </StrictMode>,
    );
    return;
  }

  // A page the server rendered (first-render.ts): the same screens and chunks first, the data it was
  // rendered from, then React takes over the markup in place.
  try {
    await loadFirstRender(routes, `${location.pathname}${location.search}`);
  } catch (error) {
    // A chunk that did not download: the router tries again, and React renders what differs afresh.
    console.warn('Could not load the first screen before hydrating:', error);
  }
  // The page's answers arrived with it: fresh for the usual 5 seconds from then.
  recordAnswers(serverState.answered, Date.now() - performance.now());
  const parts = createAppParts(serverState);
  // Between two slices of the hydration below, not inside the render after it that shows the dates.
  setTimeout(prepareReaderDates);
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input between them; otherwise the whole page is hydrated in one task, which blocks a phone's
  // main thread for a few hundred milliseconds.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App {...parts} />
      </StrictMode>,
    );
  });
}

void start();
