// The browser of the page-weight and Lighthouse scenarios: the one the browser tests find (Debian's,
// or the one inside @sparticuz/chromium), with the flags that keep it off the closed network (without
// them Chromium floods the network with attempts to reach Google's hosts).
import { QUIET_CHROMIUM_FLAGS } from '../../tests/e2e/support/browser.ts';

export { findChromium } from '../../tests/e2e/support/browser.ts';

export const CHROMIUM_FLAGS = ['--headless=new', ...QUIET_CHROMIUM_FLAGS];
