import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

// The server writes each page's title, description, canonical and social tags into the HTML for
// crawlers and link previews (data-server-meta="page"); React renders the same tags itself and keeps
// them current while navigating, so the server's copies go before it does. The feed links and the
// JSON-LD (data-server-meta="extra") stay: React renders no copy of them, and crawlers that run
// JavaScript read structured data from the rendered page.
for (const element of document.head.querySelectorAll('[data-server-meta="page"]')) element.remove();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
