// `npm run build`, after Vite: prepares the page shell the server sends (src/server/web-shell.ts) from the
// built index.html, once, into dist/shell.json.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prepareShell, shellFileFor } from "../src/server/web-shell.ts";

const webRoot = path.resolve(new URL("..", import.meta.url).pathname, "dist", "web");
const shell = prepareShell(readFileSync(path.join(webRoot, "index.html"), "utf8"), (urlPath) => {
  const file = path.join(webRoot, urlPath);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
});
writeFileSync(shellFileFor(webRoot), JSON.stringify(shell));
