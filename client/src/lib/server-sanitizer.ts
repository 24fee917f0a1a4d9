// On the server, a post's content is sanitized by the server's own sanitizer (the same rules, over
// DOMPurify on the server's DOM), handed to the render through this context; in the browser the
// context is empty and the post page loads DOMPurify in a chunk of its own.
import { createContext } from 'react';

export const ServerSanitizerContext = createContext<((html: string) => string) | null>(null);
