// The state the server rendered the page in (kernel/server-render.ts), from the JSON data block it
// wrote beside the markup: the browser hydrates from the same data, so its first render matches.
import { SERVER_STATE_ID, type ServerState } from '#kernel/server-render.ts';

/** The page's server state, or null for a page the server did not render (a form, the admin). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch (error) {
    // Never expected; the page is then rendered afresh by the browser.
    console.warn('Ignoring an unreadable server state:', error);
    return null;
  }
}
