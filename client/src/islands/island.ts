// What an island is: a small, framework-free enhancement of markup the server rendered, which works
// without it. It gets the element marked data-island="<its name>" and may return what undoes it.
// No React, no Apollo: an island talks to the server with plain fetch (docs/decisions/051).
export type Island = (element: HTMLElement) => void | (() => void);
