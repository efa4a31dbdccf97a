import type { Page } from 'playwright-core';

/** The Base Chat card's heading, the placeholder's until the card arrives (by tag: a dialog may hide the page from roles). */
const heading = (page: Page) => page.locator('h2', { hasText: /^Base Chat$/ });

/**
 * Brings the dashboard's Base Chat card into view, as a reader scrolling down does: the card fetches
 * its code and rooms only when it nears the viewport (components/LazyBaseChatCard.tsx), so a test
 * that waits on its messages on a phone-sized page must scroll to it first.
 */
export async function scrollToBaseChat(page: Page): Promise<void> {
  // Where the card is near already, the real card replaces the placeholder's heading while
  // Playwright scrolls to it: then scroll to the new one.
  for (let attempt = 1; ; attempt++) {
    try {
      await heading(page).scrollIntoViewIfNeeded();
      return;
    } catch (err) {
      if (attempt === 3 || !String(err).includes('not attached')) throw err;
    }
  }
}

/** The same on a page that may not be the dashboard (a check run over every screen). */
export async function scrollToBaseChatIfShown(page: Page): Promise<void> {
  if ((await heading(page).count()) > 0) await scrollToBaseChat(page);
}
