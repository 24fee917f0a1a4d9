// The missing post's Go Back (features/posts/missing-post.tsx) on a page the app does not run: back to
// the page of this site the reader came from, or home when they came from elsewhere (or typed the
// address), as the app's button does.
import type { Island } from './island';

function cameFromThisSite(): boolean {
  try {
    return history.length > 1 && new URL(document.referrer).origin === location.origin;
  } catch {
    return false; // no referrer
  }
}

const goBackIsland: Island = (element) => {
  const goBack = () => (cameFromThisSite() ? history.back() : location.assign('/'));
  element.addEventListener('click', goBack);
  return () => element.removeEventListener('click', goBack);
};

export default goBackIsland;
