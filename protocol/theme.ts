// Light, Dark or the device's own setting (System): chosen per device, kept in its localStorage, never
// on the account (a phone read in a dark cockpit and a laptop in an office may want different ones).
// Here because two sides must agree on it: every page runs THEME_BOOT_SCRIPT inline in its <head>
// (web/build/theme-plugin.ts), so the choice is on <html> before the first paint, and the pages'
// Content-Security-Policy allows that one inline script by its hash (server/http/security-headers.ts).

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Where the device keeps its choice; absent (or anything else) means System. */
export const THEME_STORAGE_KEY = 'crewtrade.theme';

/**
 * Marks <html data-theme="light|dark"> for a forced choice; System leaves it unmarked, and the
 * stylesheet's prefers-color-scheme rules decide. Again whenever another tab of the device chooses
 * (the storage event), on every page, the app's or not. localStorage can throw (storage blocked): the
 * page then follows the device. Changing one character changes the CSP hash with it (computed from this).
 */
export const THEME_BOOT_SCRIPT = `(function(){function a(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var r=document.documentElement;if(t==="light"||t==="dark")r.dataset.theme=t;else delete r.dataset.theme}a();addEventListener("storage",function(e){if(e.key===${JSON.stringify(THEME_STORAGE_KEY)}||e.key===null)a()})})()`;
