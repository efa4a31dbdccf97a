import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MARK = '<!-- the <head> of index.html -->';

/**
 * The app's shell (app.html) takes the landing page's <head> (index.html) at build and in dev, so
 * the two pages' meta tags, icons and manifest are written once: a tag added there holds for both.
 */
export function sharedHeadPlugin(indexHtml: string): Plugin {
  return {
    name: 'crewtrade-shared-head',
    transformIndexHtml: {
      // Before Vite's own pass, so the icons and manifest it finds are handled as in index.html.
      order: 'pre',
      handler(html) {
        if (!html.includes(MARK)) return html;
        const head = /<head>([\s\S]*?)<\/head>/.exec(readFileSync(indexHtml, 'utf8'))?.[1];
        if (!head) throw new Error(`${indexHtml} has no <head> for app.html to share`);
        return html.replace(MARK, head.trim());
      },
    },
  };
}
