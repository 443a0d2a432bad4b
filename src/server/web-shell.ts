import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SitePage } from "#shared/site-pages.ts";
import { compress } from "./lib/requests/negotiate.ts";

/**
 * The placeholders of index.html, as in Vite's guide to server rendering: the rendered page's head goes
 * where the default title and description stand (between the two head markers), its HTML into #root.
 */
const HEAD_START = "<!--app-head-->";
const HEAD_END = "<!--/app-head-->";
const APP_HTML = "<!--app-html-->";
/** Inlined into a rendered page: asks for the app's code once the page has painted (public/app-loader.js). */
const LOADER = "/app-loader.js";

/**
 * The built index.html made ready to serve, once, at build time (ADR 022, 028): the theme script and the
 * stylesheet written into it, so nothing stands between the HTML and its first paint.
 * - `bare`: the page the browser renders itself (pages behind sign-in), loading its code at once.
 * - `rendered`: the frame around a page the server rendered: `start + head + middle + html + end`, with
 *   index.html's title and description (`defaultHead`) for a page that renders no head of its own. It
 *   loads the app's code only once the page has painted (the loader), not through Vite's module tags.
 * - `scriptHashes`: the inline scripts' hashes, for the Content-Security-Policy's script-src.
 */
export interface Shell {
  bare: string;
  rendered: { start: string; middle: string; end: string; defaultHead: string };
  scriptHashes: string[];
}

/**
 * What `npm run build` leaves beside the web app for the server: the shell, and the web app's pages as
 * its server renderer lists them from their declaration (the server imports no code of the web app).
 */
export interface BuiltShell extends Shell {
  pages: SitePage[];
  /**
   * `bare` compressed at the build's effort (brotli and gzip, base64): compressing it at the highest
   * effort took a fifth of a second of every start.
   */
  compressed?: { br: string; gzip: string };
}

/** Where `npm run build` writes the shell: beside the web app's folder. */
const shellFileFor = (webRoot: string) => path.join(webRoot, "..", "shell.json");

/** Writes the shell for the web app in `webRoot`, with the app's `pages`, for the server to read. */
export function writeShell(webRoot: string, shell: Shell, pages: readonly SitePage[]) {
  const bare = Buffer.from(shell.bare);
  const compressed = {
    br: compress(bare, "br", "build").toString("base64"),
    gzip: compress(bare, "gzip", "build").toString("base64"),
  };
  writeFileSync(shellFileFor(webRoot), JSON.stringify({ ...shell, pages, compressed }));
}

/** The shell `npm run build` prepared for the web app in `webRoot`. */
export function readShell(webRoot: string): BuiltShell {
  const file = shellFileFor(webRoot);
  if (!existsSync(file)) throw new Error(`The web app is not built: ${file} is missing (run npm run build)`);
  const built = JSON.parse(readFileSync(file, "utf8")) as Partial<BuiltShell>;
  // Without its pages the server would answer 404 for every one of them.
  if (!Array.isArray(built.pages))
    throw new Error(`${file} lists no pages: it is from an older build (run npm run build)`);
  return built as BuiltShell;
}

const once = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  if (at === -1 || html.indexOf(marker, at + 1) !== -1)
    throw new Error(`index.html must hold ${marker} exactly once`);
  return at;
};

/**
 * Prepares the shell from the built index.html, reading the files it links with `readFile` (by URL path;
 * null when there is none). Throws when the placeholders or Vite's entry script are missing: a build
 * whose pages would quietly lose their deferred load or carry two descriptions must not pass.
 */
export function prepareShell(indexHtml: string, readFile: (urlPath: string) => string | null): Shell {
  const scriptHashes: string[] = [];
  const inlineScript = (code: string) => {
    scriptHashes.push(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    return `<script>${code}</script>`;
  };
  const inline = (html: string) =>
    html
      .replace(/<script src="(\/[\w.-]+\.js)"><\/script>/g, (tag, src: string) => {
        const code = readFile(src);
        return code === null ? tag : inlineScript(code);
      })
      .replace(/<link rel="stylesheet"[^>]*? href="(\/assets\/[\w.-]+\.css)"[^>]*>/g, (tag, href: string) => {
        const css = readFile(href);
        return css === null ? tag : `<style>${css}</style>`;
      });

  const html = inline(indexHtml);
  const headStart = once(html, HEAD_START);
  const headEnd = once(html, HEAD_END);
  const appHtml = once(html, APP_HTML);
  if (!(headStart < headEnd && headEnd < appHtml))
    throw new Error("index.html's placeholders are out of order");
  const bare = html.replace(HEAD_START, "").replace(HEAD_END, "").replace(APP_HTML, "");

  // Vite's module tags: the entry script and the modules it imports. A rendered page keeps them inert in
  // a <template> that the loader puts in place once the page has painted.
  const entryTag = /<script type="module"[^>]*? src="[^"]+"[^>]*><\/script>/.exec(html)?.[0];
  if (!entryTag) throw new Error("The built index.html has no module script for the app's entry");
  const preloadTags = [...html.matchAll(/<link rel="modulepreload"[^>]*? href="[^"]+"[^>]*>/g)].map(
    (m) => m[0],
  );
  let frame = html;
  for (const tag of [entryTag, ...preloadTags]) frame = frame.replace(tag, "");
  const loader = readFile(LOADER);
  if (loader === null) throw new Error(`The built web app has no ${LOADER}`);
  const loading = `<template id="app-code">${preloadTags.join("")}${entryTag}</template>${inlineScript(loader)}`;

  const start = frame.slice(0, frame.indexOf(HEAD_START));
  const defaultHead = frame.slice(frame.indexOf(HEAD_START) + HEAD_START.length, frame.indexOf(HEAD_END));
  const middle = frame.slice(frame.indexOf(HEAD_END) + HEAD_END.length, frame.indexOf(APP_HTML));
  const end = frame.slice(frame.indexOf(APP_HTML) + APP_HTML.length).replace("</body>", `${loading}</body>`);
  return { bare, rendered: { start, middle, end, defaultHead }, scriptHashes };
}
