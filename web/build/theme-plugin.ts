// The device's Light / Dark / System choice (protocol/theme.ts) at build time, in two parts:
// - every page's <head> gets the boot script inline, so <html data-theme> is set before the first
//   paint (a module script runs after it; the pages' CSP allows this one inline script by its hash);
// - every stylesheet's dark rules, written once as `@media (prefers-color-scheme: dark) { ... }`, are
//   rewritten to follow the choice: inside the media query only while no "light" is chosen, and once
//   more outside it for a chosen "dark". Without the choice (System) the stylesheet is what it was,
//   so a page without scripts still follows the device.
// Selectors gain no specificity (the conditions sit in :where()), so the dark rules outrank exactly
// what they did before.
import type { AtRule, ChildNode, Container, Plugin as PostcssPlugin } from 'postcss';
import type { Plugin } from 'vite';
import { THEME_BOOT_SCRIPT } from '../../protocol/theme.ts';

const DARK_MEDIA = /^\(\s*prefers-color-scheme\s*:\s*dark\s*\)$/i;
const FOLLOWS_DEVICE = ":not([data-theme='light'])";
const CHOSEN_DARK = "[data-theme='dark']";

/** `selector` applied only while <html> matches `condition` (no specificity added). */
export function scopeSelector(selector: string, condition: string): string {
  const trimmed = selector.trim();
  const root = /^(:root|html)(?![\w-])/i.exec(trimmed);
  if (root) return `${root[1]}:where(${condition})${trimmed.slice(root[1]!.length)}`;
  return `:where(:root${condition}) ${trimmed}`;
}

function scopeRules(container: Container, condition: string) {
  container.walkRules((rule) => {
    // Keyframe steps ("from", "50%") are not selectors.
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    rule.selectors = rule.selectors.map((s) => scopeSelector(s, condition));
  });
}

/** The PostCSS half: Vite runs it on every stylesheet, in development and in the build. */
export function colorSchemeChoice(): PostcssPlugin {
  return {
    postcssPlugin: 'crewtrade-color-scheme-choice',
    Once(root) {
      const blocks: Container[] = [];
      root.walkAtRules('media', (media) => {
        if (DARK_MEDIA.test(media.params.trim())) blocks.push(media);
        else if (/prefers-color-scheme/i.test(media.params))
          // A combined query would need its own rewrite: say so instead of letting a choice be ignored.
          throw media.error(
            `Write dark rules as a bare @media (prefers-color-scheme: dark) block (web/build/theme-plugin.ts); found "${media.params}"`,
          );
      });
      for (const media of blocks) {
        const chosen = media.clone();
        scopeRules(media, FOLLOWS_DEVICE);
        scopeRules(chosen, CHOSEN_DARK);
        media.after(chosen.nodes as ChildNode[]);
      }
    },
  };
}

/** The HTML half: the boot script, verbatim (its hash is in the CSP), in the <head> of every page. */
export function themeBootPlugin(): Plugin {
  return {
    name: 'crewtrade-theme-boot',
    transformIndexHtml: {
      // After the shared <head> is in place (web/build/shared-head-plugin.ts), so each page gets it once.
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { id: 'theme-boot' }, children: THEME_BOOT_SCRIPT, injectTo: 'head' }],
    },
  };
}
