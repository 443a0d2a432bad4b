import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// biome-ignore lint/style/noRestrictedImports: the stand-in lists the web app's real pages, as a build does
import { sitePages } from "#web/config/paths.ts";
import { prepareShell, writeShell } from "../web-shell.ts";

/**
 * A stand-in build folder, as `npm run build` leaves it: the web app in web/ (a script, an image, the
 * sign-in popup's page), the shell prepared from its index.html beside it with the web app's real pages.
 * No server-side renderer: pages answer the shell. Answers the web root.
 */
export function standInWebRoot(): string {
  const webRoot = path.join(mkdtempSync(path.join(os.tmpdir(), "garden-web-")), "web");
  mkdirSync(path.join(webRoot, "assets"), { recursive: true });
  mkdirSync(path.join(webRoot, "images"));
  const index = [
    "<!doctype html><html><head><!--app-head--><title>app shell</title><!--/app-head-->",
    '<script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>',
    '<body><div id="root"><!--app-html--></div></body></html>',
  ].join("");
  writeFileSync(path.join(webRoot, "index.html"), index);
  writeFileSync(path.join(webRoot, "assets", "index-AbC123.js"), "console.log('app')");
  writeFileSync(path.join(webRoot, "app-loader.js"), "/* loads the app */");
  const shell = prepareShell(index, (urlPath) =>
    existsSync(path.join(webRoot, urlPath)) ? readFileSync(path.join(webRoot, urlPath), "utf8") : null,
  );
  writeShell(webRoot, shell, sitePages);
  writeFileSync(path.join(webRoot, "images", "leaf.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  mkdirSync(path.join(webRoot, "auth"));
  writeFileSync(path.join(webRoot, "auth", "popup-done.html"), "<!doctype html><title>done</title>");
  return webRoot;
}
