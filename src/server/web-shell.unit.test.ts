import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareShell, readShell, type Shell, writeShell } from "./web-shell.ts";

/**
 * The shell made from what Vite really builds: the project's own index.html and public scripts, around a
 * small app with a stylesheet and a module shared with a lazy one (so Vite writes a modulepreload too).
 */
const repo = path.resolve(import.meta.dirname, "..", "..");
let dir: string;
let outDir: string;
let builtHtml: string;
let shell: Shell;

const readBuilt = (urlPath: string) => {
  const file = path.join(outDir, urlPath);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "garden-shell-"));
  outDir = path.join(dir, "dist");
  mkdirSync(path.join(dir, "public"));
  for (const script of ["theme-init.js", "app-loader.js"])
    copyFileSync(path.join(repo, "public", script), path.join(dir, "public", script));
  const index = readFileSync(path.join(repo, "index.html"), "utf8");
  writeFileSync(path.join(dir, "index.html"), index.replace("/src/web/main.tsx", "/main.js"));
  writeFileSync(
    path.join(dir, "main.js"),
    'import "./style.css";\nimport { greet } from "./shared.js";\ngreet();\nimport("./lazy.js");\n',
  );
  writeFileSync(path.join(dir, "shared.js"), "export const greet = () => document.title;\n");
  writeFileSync(path.join(dir, "lazy.js"), 'import { greet } from "./shared.js";\nexport default greet();\n');
  writeFileSync(path.join(dir, "style.css"), "body { color: green; }\n");
  await build({
    root: dir,
    configFile: false,
    logLevel: "silent",
    build: {
      outDir,
      emptyOutDir: true,
      // A group of its own, as the site's vendor code is: the entry imports it, so Vite preloads it.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: "shared", test: /shared\.js/ }] } } },
    },
  });
  builtHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
  shell = prepareShell(builtHtml, readBuilt);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
const hashOf = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
const count = (html: string, text: string) => html.split(text).length - 1;

describe("the page shell from Vite's output", () => {
  it("keeps the placeholders through Vite's build", () => {
    for (const marker of ["<!--app-head-->", "<!--/app-head-->", "<!--app-html-->"])
      expect(count(builtHtml, marker)).toBe(1);
    expect(builtHtml).toMatch(/<link rel="modulepreload"/);
  });

  it("serves the bare page with its scripts and styles written in and its code loaded at once", () => {
    expect(shell.bare).not.toContain("<!--app-");
    expect(shell.bare).toContain("<style>body{color:green}");
    expect(shell.bare).toMatch(/<script type="module" crossorigin src="\/assets\/[\w-]+\.js"><\/script>/);
    expect(count(shell.bare, "<title>")).toBe(1);
    expect(count(shell.bare, 'name="description"')).toBe(1);
    expect(shell.bare).toContain(readFileSync(path.join(repo, "public", "theme-init.js"), "utf8"));
  });

  it("frames a rendered page with its own head only, and loads the code after the first paint", () => {
    const { start, middle, end } = shell.rendered;
    const page = `${start}<title>Browse Tips - Gardening Community</title>${middle}<main>Tips</main>${end}`;
    expect(count(page, "<title>")).toBe(1);
    expect(page).not.toContain('name="description"');
    expect(page).toContain('<div id="root"><main>Tips</main></div>');
    // Vite's module tags wait, inert, in a template the loader puts in place after the first paint.
    const template = /<template id="app-code">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? "";
    const outside = page.replace(/<template id="app-code">[\s\S]*?<\/template>/, "");
    expect(outside).not.toContain('<script type="module"');
    expect(outside).not.toContain('<link rel="modulepreload"');
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1] ?? "";
    const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1] ?? "",
    );
    expect(preloads).toHaveLength(1);
    for (const file of [entry, ...preloads]) expect(readBuilt(file), file).not.toBeNull();
    expect(page).toContain(readFileSync(path.join(repo, "public", "app-loader.js"), "utf8"));
    // A page with no head of its own gets index.html's title and description.
    expect(shell.rendered.defaultHead).toContain("<title>Gardening Community</title>");
  });

  it("lets exactly its inline scripts run, by their hashes", () => {
    const page = shell.rendered.start + shell.rendered.middle + shell.rendered.end;
    const scripts = [...inlineScripts(shell.bare), ...inlineScripts(page)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const code of scripts) expect(shell.scriptHashes).toContain(hashOf(code));
  });

  it("is written with its bare page compressed, which the server reads back as the same bytes", () => {
    const webRoot = path.join(dir, "written", "web");
    mkdirSync(webRoot, { recursive: true });
    writeShell(webRoot, shell, []);
    const built = readShell(webRoot);
    expect(built.bare).toBe(shell.bare);
    expect(brotliDecompressSync(Buffer.from(built.compressed?.br ?? "", "base64")).toString()).toBe(
      shell.bare,
    );
    expect(gunzipSync(Buffer.from(built.compressed?.gzip ?? "", "base64")).toString()).toBe(shell.bare);
  });

  it("refuses a build whose index.html lost a placeholder or its entry script", () => {
    expect(() => prepareShell(builtHtml.replace("<!--app-html-->", ""), readBuilt)).toThrow(
      /<!--app-html-->/,
    );
    expect(() =>
      prepareShell(builtHtml.replace(/<script type="module"[^>]*><\/script>/, ""), readBuilt),
    ).toThrow(/module script/);
  });
});
