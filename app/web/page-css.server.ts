import fs from 'node:fs';

// The part of the stylesheet a page inlines (docs/decisions/028, "Stylesheet"). `npm run build` writes
// `build/page-css.json` beside the server build (scripts/lib/split-css.mjs): the distinct parts and each route id's
// part, made from the sheet whose URL it records. Without that file (a development build), or when it was made from
// another sheet than the one this build links, pages link the whole sheet as before.

type PageCss = { href: string; sheets: string[]; sheetOf: Record<string, number> };

let loaded: PageCss | null | undefined;

function load(): PageCss | null {
  if (loaded === undefined) {
    try {
      loaded = JSON.parse(fs.readFileSync(new URL('./page-css.json', import.meta.url), 'utf8')) as PageCss;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** The CSS to inline for the page whose deepest route is `routeId`, or null to link the sheet `href` instead. */
export function inlineStylesheet(routeId: string | undefined, href: string): string | null {
  const css = load();
  if (!css || css.href !== href || !routeId) return null;
  const index = css.sheetOf[routeId];
  return index === undefined ? null : css.sheets[index];
}
