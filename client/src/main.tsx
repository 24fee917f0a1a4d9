import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

// The server writes each page's title, description, canonical and social tags into the HTML for
// crawlers and link previews (marked data-server-meta); React renders the same tags itself and
// keeps them current while navigating, so the server's copies go before it does.
for (const element of document.head.querySelectorAll('[data-server-meta]')) element.remove();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
