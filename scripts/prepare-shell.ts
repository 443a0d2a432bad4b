// `npm run build`, after Vite: prepares the page shell the server sends (src/server/web-shell.ts) from the
// built index.html, once, into dist/shell.json, with the web app's pages as its server renderer (built
// into dist/ssr) lists them: the server reads them there, importing no code of the web app.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prepareShell, writeShell } from "../src/server/web-shell.ts";
import type { SitePage } from "../src/shared/site-pages.ts";

const dist = path.resolve(new URL("..", import.meta.url).pathname, "dist");
const webRoot = path.join(dist, "web");
const shell = prepareShell(readFileSync(path.join(webRoot, "index.html"), "utf8"), (urlPath) => {
  const file = path.join(webRoot, urlPath);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
});
const renderer = pathToFileURL(path.join(dist, "ssr", "entry-server.js")).href;
const { sitePages } = (await import(renderer)) as { sitePages: SitePage[] };
writeShell(webRoot, shell, sitePages);
