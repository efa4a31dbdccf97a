// In-page layout checks for the browser tests: what a person would notice at a glance on a screen
// (sideways scroll, a short word broken over lines, a control sticking out of its card), and the
// screenshots kept as artifacts.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Where the layout screenshots go: the suite's git-ignored artifacts folder. */
export const LAYOUT_ARTIFACTS = path.resolve('test-artifacts', 'layout');

/** The whole page; with a dialog open, the window as the user sees it (the dialog is fixed to it). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(LAYOUT_ARTIFACTS, { recursive: true });
  const file = path.join(LAYOUT_ARTIFACTS, `${name.replace(/[^\w-]+/g, '_')}.png`);
  const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
  await page.screenshot({ path: file, fullPage: !dialogOpen });
  return file;
}

/** Boxes whose controls must stay inside them: cards, panels, dialogs. */
const BOXES = [
  '.card',
  '.stat-card',
  '.request-card',
  '.match-card',
  '.match-side',
  '.chain-card',
  '.chain-member',
  '.chain-trip',
  '.row-card',
  '.auth-card',
  '.feature',
  '.modal',
  '.drop-zone',
  '.thumb',
  '.toast',
  '.popover-panel',
].join(', ');
const CONTROLS = ['button', 'a.button', 'input', 'select', 'textarea', '.badge', '.drop-zone', '.match-side', '.thumb'].join(', ');

/**
 * Everything wrong with the layout of the page as it stands, as readable lines (empty when fine).
 * Runs in the page: the function must not use anything from this module's scope.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ boxes, controls }) => {
      const problems: string[] = [];
      const describe = (el: Element) => {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        return `<${el.tagName.toLowerCase()}${cls}>${text ? ` "${text}"` : ''}`;
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('.visually-hidden');
      };

      // 1. No sideways scroll.
      const scroller = document.scrollingElement ?? document.documentElement;
      if (scroller.scrollWidth > window.innerWidth)
        problems.push(`page scrolls sideways: ${scroller.scrollWidth} px wide in a ${window.innerWidth} px window`);

      // 2. No short word broken across lines: each word of up to 15 characters (split at spaces,
      // hyphens and slashes, where a break is fine) must render on one line.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !visible(parent) || parent.closest('script, style, option, select, textarea')) continue;
        const text = node.textContent ?? '';
        const re = /[^\s\-/]+/g;
        for (let m = re.exec(text); m; m = re.exec(text)) {
          if (m[0].length < 2 || m[0].length > 15) continue;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0 && r.height > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) problems.push(`word "${m[0]}" broken over ${tops.size} lines in ${describe(parent)}`);
        }
      }

      // 3. No control outside its box. Inside a scrolling area only the sides count (scrolled-away
      // content is meant to be out of view).
      const scrollsY = (el: Element) => /(auto|scroll)/.test(getComputedStyle(el).overflowY);
      for (const control of Array.from(document.querySelectorAll(controls))) {
        if (!visible(control)) continue;
        let box: Element | null = control.parentElement;
        let vertical = true;
        while (box && !box.matches(boxes)) {
          if (scrollsY(box) && box !== document.body && box !== document.documentElement) vertical = false;
          box = box.parentElement;
        }
        if (!box) continue;
        const c = control.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const out = c.left < b.left - 1 || c.right > b.right + 1 || (vertical && (c.top < b.top - 1 || c.bottom > b.bottom + 1));
        if (out) problems.push(`${describe(control)} sticks out of ${describe(box)}`);
      }
      return problems;
    },
    { boxes: BOXES, controls: CONTROLS },
  );
}

/** The computed border colour of a form control. */
export function borderColor(control: Locator): Promise<string> {
  return control.evaluate((el) => getComputedStyle(el).borderTopColor);
}

/** True when an element's box lies inside the window (the title and buttons of a dialog). */
export function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });
}

/** The app's passing layers: toasts, the upload bar, the new version's prompt, the catch-up and offline lines. */
export const PASSING_LAYERS = ['.toast', '.upload-progress', '.update-prompt', '.catch-up-status', '.offline-banner'].join(', ');
/** What a passing layer must never lie over: every control, link and heading. */
const COVERABLE = [
  'button',
  'a[href]',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  '[role="button"]',
  '[role="tab"]',
  'input',
  'select',
  'textarea',
].join(', ');

/**
 * Every visible button, link, heading or field that a passing layer (PASSING_LAYERS) lies over, as
 * readable lines (empty when none), and the layers seen. With a dialog open only the topmost
 * dialog's own are counted (the page behind it is under its backdrop anyway). An element counts by
 * the part of it that shows: clipped by the window and by every scrolling or clipping box around it
 * (a dialog's body scrolled under its footer is not over anything). The layers' own buttons don't count.
 * Runs in the page: the function must not use anything from this module's scope.
 */
export async function overlayProblems(page: Page): Promise<{ layers: string[]; problems: string[] }> {
  return page.evaluate(
    ({ layersSelector, coverable }) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const describe = (el: Element) => {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        return `<${el.tagName.toLowerCase()}${cls}>${text ? ` "${text}"` : ''}`;
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) return false;
        const style = getComputedStyle(el);
        // Opacity is no excuse: a segmented option's radio is invisible and takes the tap.
        return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('.visually-hidden');
      };
      const meet = (a: Box, b: Box): Box | null => {
        const box = {
          left: Math.max(a.left, b.left),
          top: Math.max(a.top, b.top),
          right: Math.min(a.right, b.right),
          bottom: Math.min(a.bottom, b.bottom),
        };
        return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
      };
      /** The part of `el` that shows: inside the window and every box around it that clips. */
      const shown = (el: Element): Box | null => {
        let box: Box | null = meet(el.getBoundingClientRect(), { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
        for (let p = el.parentElement; box && p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (/(auto|scroll|hidden|clip)/.test(`${style.overflowX} ${style.overflowY}`)) box = meet(box, p.getBoundingClientRect());
        }
        return box;
      };
      const layers = Array.from(document.querySelectorAll(layersSelector)).filter(visible);
      const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter(visible);
      const scope = dialogs.at(-1) ?? document.body;
      const problems: string[] = [];
      for (const target of Array.from(scope.querySelectorAll(coverable))) {
        if (layers.some((layer) => layer.contains(target)) || !visible(target)) continue;
        const box = shown(target);
        if (!box) continue;
        for (const layer of layers) {
          if (meet(box, layer.getBoundingClientRect())) problems.push(`${describe(layer)} lies over ${describe(target)}`);
        }
      }
      return { layers: layers.map(describe), problems };
    },
    { layersSelector: PASSING_LAYERS, coverable: COVERABLE },
  );
}
