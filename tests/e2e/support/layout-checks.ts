// Reads of how the browser laid text and boxes out, for the layout tests of the studio's screens.
import type { Locator, Page } from 'playwright-core';

/**
 * The words in these elements that the browser broke inside, across two lines: a word whose boxes
 * lie on more than one line. (Words are runs of non-space characters in one text node.)
 */
export function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) => {
    const broken: string[] = [];
    for (const element of all) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** How many lines the text of each of these elements takes. */
export function lineCounts(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((all) =>
    all.map((element) => {
      const lines = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) lines.add(Math.round(rect.bottom));
      }
      return lines.size;
    }),
  );
}

/** How far the page scrolls sideways: 0 when nothing sticks out past the window. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

/** The boxes of these elements in the window, with each one's accessible name or text. */
export function boxes(elements: Locator) {
  return elements.evaluateAll((all) =>
    all.map((element) => {
      const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText.trim();
      return { name, left, right, top, bottom, width, height };
    }),
  );
}
