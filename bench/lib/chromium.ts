// The browser of the page-weight and Lighthouse scenarios: the one the browser tests find (Debian's,
// or the one inside @sparticuz/chromium), with the flags that keep it off the closed network.
export { findChromium } from '../../tests/e2e/support/browser.ts';

/** ../shared/ENVIRONMENT.md: without the background-networking flags Chromium floods the network. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
