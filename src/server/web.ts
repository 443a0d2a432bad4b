import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Context, Hono } from "hono";
import { pageFinder } from "#shared/site-pages.ts";
import { SSR_STATE_ID } from "#shared/ssr.ts";
import type { AppEnv } from "./lib/app-env.ts";
import { hasSessionCookie, PAGE_TABLES, replyFor } from "./lib/cache/public-cache.ts";
import { AnswersRead, markPublic, toResponse } from "./lib/cache/public-cache-layer.ts";
import { compress, type Encoding, etagOf, matchesEtag, preferredEncoding } from "./lib/requests/negotiate.ts";
import { readShell } from "./web-shell.ts";

/** What dist/ssr/entry-server.js exports (src/web/entry-server.tsx): the server's rendering of a page. */
interface PageRenderer {
  renderPage(
    request: Request,
    fetcher: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<{ head: string; body: string; state: string } | { redirect: string } | null>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=UTF-8",
  ".js": "text/javascript; charset=UTF-8",
  ".mjs": "text/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=UTF-8",
  ".ics": "text/calendar; charset=UTF-8",
  ".webmanifest": "application/manifest+json",
};

/** Files up to this size are kept in memory once read; larger ones (source maps) are read each time. */
const KEEP_IN_MEMORY = 512 * 1024;

interface StaticFile {
  file: string;
  type: string;
  cacheControl: string;
  /** The precompressed copies `npm run build` wrote beside it (scripts/compress-web.ts). */
  variants: { br?: string; gzip?: string };
  etag: string;
  kept: Map<string, Buffer>;
}

function cacheControlFor(urlPath: string, type: string): string {
  if (type.startsWith("text/html")) return "no-cache";
  // Hashed names change with their content: cached for a year, never asked again.
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  return "public, max-age=3600";
}

/** Every file of the built app by its URL path, found once at start. */
function indexFiles(webRoot: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of readdirSync(webRoot, { recursive: true })) {
    const file = path.join(webRoot, String(name));
    if (/\.(br|gz)$/.test(file) || !statSync(file).isFile()) continue;
    const urlPath = `/${path.relative(webRoot, file).split(path.sep).join("/")}`;
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const stat = statSync(file);
    files.set(urlPath, {
      file,
      type,
      cacheControl: cacheControlFor(urlPath, type),
      variants: {
        ...(existsSync(`${file}.br`) ? { br: `${file}.br` } : {}),
        ...(existsSync(`${file}.gz`) ? { gzip: `${file}.gz` } : {}),
      },
      etag: `"${createHash("sha1").update(`${urlPath}:${stat.size}:${stat.mtimeMs}`).digest("base64url")}"`,
      kept: new Map(),
    });
  }
  return files;
}

function read(entry: StaticFile, file: string): Buffer {
  const kept = entry.kept.get(file);
  if (kept) return kept;
  const body = readFileSync(file);
  if (body.length <= KEEP_IN_MEMORY) entry.kept.set(file, body);
  return body;
}

/** A static file as the browser asked for it: compressed when it accepts it, 304 when it has it. */
function send(c: Context<AppEnv>, entry: StaticFile, status: 200 | 404 = 200): Response {
  const available = (Object.keys(entry.variants) as Encoding[]).filter((name) => entry.variants[name]);
  const encoding = preferredEncoding(c.req.header("Accept-Encoding"), available);
  const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
  const headers: Record<string, string> = {
    "Content-Type": entry.type,
    "Cache-Control": entry.cacheControl,
    ETag: etag,
  };
  if (entry.variants.br || entry.variants.gzip) headers.Vary = "Accept-Encoding";
  if (status === 200 && matchesEtag(c.req.header("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  const body = read(entry, encoding ? (entry.variants[encoding] ?? entry.file) : entry.file);
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  return new Response(c.req.method === "HEAD" ? null : bytes, { status, headers });
}

/** Where a gardener page's handle leads: to its member, to nobody, or to the handle its member has now. */
export type GardenerFate = "current" | "nobody" | { movedTo: string };

const GARDENER_PAGE = /^\/gardeners\/([^/]+)\/?$/;
const CROP_PAGE = /^\/crops\/([^/]+)\/?$/;

/**
 * Production serving of the built SPA, from memory: a page of the app (the shell's list of them) answers
 * index.html so client routes survive a reload, any other path the same app with 404 (it shows its 404
 * page; the status says it too); files answer their precompressed copy when the browser accepts one, with
 * an ETag; hashed files under /assets are cached for a year, HTML revalidates, other files keep an hour.
 */
export function serveWeb(
  app: Hono<AppEnv>,
  webRoot: string,
  { bare: shell, rendered: frame, pages, compressed } = readShell(webRoot),
  {
    gardener,
    crop: isCrop,
  }: {
    gardener?: (handle: string) => Promise<GardenerFate>;
    /** Whether the calendar knows the crop a crop page's address names. */
    crop?: (slug: string) => Promise<boolean>;
  } = {},
) {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing (run npm run build)`);
  const files = indexFiles(webRoot);
  const index = files.get("/index.html");
  if (!index) throw new Error(`The web app is not built: ${indexFile} is missing (run npm run build)`);
  // The app's shell for the pages the browser renders itself, the same as the rendered ones' around them.
  const shellBytes = Buffer.from(shell);
  const shellEntry: StaticFile = {
    ...index,
    etag: etagOf(shell),
    // In memory only, compressed by the build (or here, for a shell given without): `read` finds these
    // names among the kept files.
    variants: { br: "shell.html.br", gzip: "shell.html.gz" },
    kept: new Map([
      [index.file, shellBytes],
      [
        "shell.html.br",
        compressed ? Buffer.from(compressed.br, "base64") : compress(shellBytes, "br", "build"),
      ],
      [
        "shell.html.gz",
        compressed ? Buffer.from(compressed.gzip, "base64") : compress(shellBytes, "gzip", "build"),
      ],
    ]),
  };
  const pageAt = pageFinder(pages);
  const ssrFile = path.join(webRoot, "..", "ssr", "entry-server.js");
  let renderer: Promise<PageRenderer | null> | undefined;

  /**
   * The page with its content rendered in (ADR 022): the public pages' HTML shows them before any script
   * runs. The renderer calls this app's own API, as the visitor (with their cookie), without the network.
   * Null when the page is one the browser renders itself, or the renderer was not built.
   */
  async function renderedPage(
    c: Context<AppEnv>,
    answersRead: AnswersRead,
  ): Promise<string | { redirect: string } | null> {
    renderer ??= existsSync(ssrFile)
      ? (import(pathToFileURL(ssrFile).href) as Promise<PageRenderer>)
      : Promise.resolve(null);
    const ssr = await renderer;
    if (!ssr) return null;
    const cookie = c.req.header("Cookie");
    const page = await ssr.renderPage(c.req.raw, (url, init) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set("Cookie", cookie);
      return Promise.resolve(
        app.request(new URL(url, "http://localhost").href, { ...init, headers }, { answersRead }),
      ).catch((error: unknown) => {
        answersRead.notKept();
        throw error;
      });
    });
    if (!page || "redirect" in page) return page;
    const state = `<script type="application/json" id="${SSR_STATE_ID}">${page.state}</script>`;
    return frame.start + (page.head || frame.defaultHead) + state + frame.middle + page.body + frame.end;
  }

  app.on(["GET", "HEAD"], "*", async (c) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return c.text("Not found", 404);
    }
    const entry = urlPath === "/index.html" ? undefined : files.get(urlPath);
    if (entry) return send(c, entry);
    // A missing file (anything with an extension) is a 404, not the app: a broken image must not get HTML.
    if (/\.[a-z0-9]+$/i.test(urlPath)) return c.text("Not found", 404);
    const page = pageAt(urlPath);
    let status: 200 | 404 = page ? 200 : 404;
    // A gardener's page answers as its handle leads (ADR 054): 404 for nobody's, a permanent redirect for
    // one its member gave up, so a search engine or a bookmark follows the member.
    const named = GARDENER_PAGE.exec(urlPath);
    if (status === 200 && named?.[1] && gardener) {
      const fate = await gardener(named[1]);
      if (typeof fate === "object") {
        c.header("Cache-Control", "no-store");
        const query = c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "";
        return c.redirect(`/gardeners/${fate.movedTo}${query}`, 301);
      }
      if (fate === "nobody") status = 404;
    }
    // A crop the calendar does not know is no page either (the app says so), not a page to index.
    const crop = CROP_PAGE.exec(urlPath);
    if (status === 200 && crop?.[1] && isCrop && !(await isCrop(crop[1]))) status = 404;
    // A member's own page is no search result, whoever asks (its content needs their session anyway).
    const answer = await pageAnswer(c, status);
    if (page?.member) answer.headers.set("X-Robots-Tag", "noindex");
    return answer;
  });

  /** A page of the app: rendered in, or the shell the browser renders it into. */
  async function pageAnswer(c: Context<AppEnv>, status: 200 | 404): Promise<Response> {
    const answersRead = new AnswersRead();
    const html = await renderedPage(c, answersRead);
    if (!html) return send(c, shellEntry, status);
    if (typeof html !== "string") {
      c.header("Cache-Control", "no-store");
      return c.redirect(html.redirect, 302);
    }
    // Every visitor gets the same page: kept and reused like a public API answer, until what it was made
    // from changes (the frame's tables and every answer's it shows).
    const kept = hasSessionCookie(c.req.header("Cookie")) ? null : answersRead.page(PAGE_TABLES);
    if (kept) {
      markPublic(c, "visitor", kept.reads, { until: kept.until });
      return c.html(html, status);
    }
    // A signed-in person's page is their own (their name, their private tip), and a page made from an
    // answer the cache may not keep is not kept either: compressed for them, never kept here, and kept by
    // no shared cache on the way either.
    const answer = {
      body: Buffer.from(html),
      headers: [
        ["content-type", "text/html; charset=UTF-8"],
        ["cache-control", "private, no-cache"],
      ] as Array<[string, string]>,
      scope: "visitor" as const,
      reads: [],
      etag: etagOf(html),
    };
    const reply = replyFor(answer, {
      method: c.req.method,
      ifNoneMatch: c.req.header("If-None-Match"),
      acceptEncoding: c.req.header("Accept-Encoding"),
    });
    return status === 404 && reply.status === 200
      ? new Response(reply.body ? new Uint8Array(reply.body) : null, { status, headers: reply.headers })
      : toResponse(reply);
  }
}
