import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "./app/router.tsx";
import { paths } from "./config/paths.ts";
import { RETURN_TO_PARAM } from "./features/auth/google-popup.ts";
import { localReturnPath } from "./features/auth/use-return-path.ts";
import { configQueryOptions } from "./hooks/use-config.ts";
import { HydratedContext } from "./hooks/use-hydrated.ts";
import { createApiClient, type Fetcher } from "./lib/api-client.ts";
import { sessionQueryOptions } from "./lib/auth.ts";

/**
 * The server's rendering of the public pages (ADR 022): their HTML carries the page (its header, headings,
 * banner, filters, forms and footer), so the first paint needs no script, and main.tsx hydrates it. Tips
 * and gardeners are not rendered in: the page shows its loading state where they go and the browser asks
 * the API for them, as it does on every later visit, so a page is never older than the data it shows and
 * its loading, empty and error states stay the browser's (ADR 022). Built by `npm run build` into
 * dist/ssr; the server loads it by path.
 */

/**
 * The dehydrated queries without the times they were fetched and dehydrated at: the same session and
 * settings then give the same page, byte for byte, so its ETag says whether it changed and a browser's
 * If-None-Match gets a 304. Nothing reads those times: the settings never go stale in the browser and the
 * session is checked again as the page is taken over (main.tsx).
 */
function withoutTimestamps(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

/** The paths rendered here; the rest of the app (behind sign-in) renders in the browser. */
const RENDERED = new Set([
  paths.home.path,
  paths.browseTips.path,
  paths.exploreGardeners.path,
  paths.privacy.path,
  paths.terms.path,
  paths.auth.login.path,
  paths.auth.signup.path,
  paths.auth.reset.path,
  // The 404 page.
  "*",
]);

/** Pages only for the signed out: a signed-in member who opens one is sent on where they were going. */
const SIGNED_OUT_ONLY = new Set<string>([paths.auth.login.path, paths.auth.signup.path]);

const handler = createStaticHandler(routes);

export interface RenderedPage {
  /** The <title>, description and other tags the page hoists into <head>. */
  head: string;
  /** The page's HTML, for inside #root. */
  body: string;
  /** The session and settings it was rendered with, as JSON safe inside a <script> element. */
  state: string;
}

/** A page not to render for this visitor: the server answers with a redirect to `redirect`. */
export interface RedirectedPage {
  redirect: string;
}

/**
 * Renders `request`'s page, calling the API through `fetcher` (the server's own app, with the visitor's
 * cookie); null for a page the browser renders itself (those behind sign-in, redirects); a redirect for a
 * sign-in page opened by someone already signed in (?returnTo= says where they were going, home if not).
 */
export async function renderPage(
  request: Request,
  fetcher: Fetcher,
): Promise<RenderedPage | RedirectedPage | null> {
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route;
  if (leaf?.path === undefined || !RENDERED.has(leaf.path)) return null;

  const client = createApiClient(fetcher);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Who is signed in (the header shows it) and the site's settings: the page is rendered with both or not
  // at all (what failed, the browser asks again and says so).
  await Promise.all([
    queryClient.prefetchQuery(sessionQueryOptions(client)),
    queryClient.prefetchQuery(configQueryOptions(client)),
  ]);
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== "success")
  )
    return null;
  if (SIGNED_OUT_ONLY.has(leaf.path) && queryClient.getQueryData(sessionQueryOptions(client).queryKey)) {
    queryClient.clear();
    return { redirect: localReturnPath(new URL(request.url).searchParams.get(RETURN_TO_PARAM)) };
  }
  const html = renderToString(
    <HydratedContext value={false}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </HydratedContext>,
  );
  // React puts what a page hoists (<title>, <meta>, <link>) first: it belongs in <head>.
  const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(html)?.[0] ?? "";
  const state = JSON.stringify(withoutTimestamps(dehydrate(queryClient))).replace(/</g, "\\u003c");
  queryClient.clear();
  return { head: hoisted, body: html.slice(hoisted.length), state };
}
