// What several browser tests find on a page the same way: the two widths every screen is looked at,
// a date some days ahead, a card, a toast, a tab.
import type { Page } from 'playwright-core';

/** The widths every screen is checked and photographed at: [label, phone]. */
export const WIDTHS = [
  ['1280', false],
  ['375', true],
] as const;

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const card = (page: Page, text: string | RegExp) => page.getByRole('article').filter({ hasText: text });
export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
export const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
