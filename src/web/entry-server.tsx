import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { pageFinder } from "#shared/site-pages.ts";
import { pageModule, routes } from "./app/router.tsx";
import { type Page, type PageRules, sitePages } from "./config/paths.ts";
import { RETURN_TO_PARAM } from "./features/auth/google-popup.ts";
import { localReturnPath } from "./features/auth/use-return-path.ts";
import { configQueryOptions } from "./hooks/use-config.ts";
import { HydratedContext } from "./hooks/use-hydrated.ts";
import { readListPage } from "./hooks/use-list-page.ts";
import { createApiClient, type Fetcher } from "./lib/api-client.ts";
import { sessionQueryOptions } from "./lib/auth.ts";

/**
 * The server's rendering of the public pages (ADR 022) and of a signed-in member's own (ADR 037): their
 * HTML carries the page (its header or sidebar, headings, banner, filters, forms and footer), so the first
 * paint needs no script, and main.tsx hydrates it. The lists of the public pages (Browse, Explore, home)
 * are not rendered in: such a page shows its loading state where they go and the browser asks the API for
 * them, as it does on every later visit (ADR 022). A page about one gardener comes with them and their
 * first tips (its route module's `pageData`), kept for visitors while the answers it was made from are
 * (ADR 075): a page is never older than the data it shows. A member's own pages (their tip, their lists) are rendered for them alone, now, and
 * never kept: they come with their data (their route module's `memberData`). The dashboard's figures are
 * not: hydrating its charts cost a phone more than it gained (ADR 037). Which pages are rendered, and for
 * whom, each page's declaration says (config/paths.ts). Built by `npm run build` into dist/ssr; the server
 * loads it by path.
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

const handler = createStaticHandler(routes);

/** The web app's pages, for `npm run build` to hand to the server (scripts/prepare-shell.ts). */
export { sitePages };

const sitePageAt = pageFinder(sitePages);

export interface RenderedPage {
  /** The <title>, description and other tags the page hoists into <head>. */
  head: string;
  /** The page's HTML, for inside #root. */
  body: string;
  /**
   * The queries it was rendered with (the session, the settings, a member's page's own data), as JSON safe
   * inside a <script> element.
   */
  state: string;
}

/** A page not to render for this visitor: the server answers with a redirect to `redirect`. */
export interface RedirectedPage {
  redirect: string;
}

/**
 * Renders `request`'s page, calling the API through `fetcher` (the server's own app, with the visitor's
 * cookie); null for a page the browser renders itself (a member's page for a visitor, the forms behind
 * sign-in, a tip this member may not see, redirects); a redirect for a sign-in page opened by someone
 * already signed in (?returnTo= says where they were going, home if not).
 */
export async function renderPage(
  request: Request,
  fetcher: Fetcher,
): Promise<RenderedPage | RedirectedPage | null> {
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  // The open page's rules (config/paths.ts): the server renders only the pages they say it renders.
  const page = context.matches.at(-1)?.route.handle as PageRules | Page | undefined;
  if (!page?.rendered) return null;

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
  const session = queryClient.getQueryData(sessionQueryOptions(client).queryKey);
  const url = new URL(request.url);
  // A visitor on a member's page is sent to sign in by the browser, as it always was. By the page list, as
  // the server's noindex is: a path that is no page (the dashboard's not-found) is not a member's page.
  if (!session && sitePageAt(url.pathname)?.member) {
    queryClient.clear();
    return null;
  }
  const module = "module" in page ? await pageModule(page) : undefined;
  const params = context.matches.at(-1)?.params ?? {};
  // A page about one thing anyone may read (a gardener) comes with it: a visitor's copy is kept only as
  // long as every answer it was made from would be (web.ts, ADR 075). What could not be read is left to
  // the browser, which asks again and shows what the answer says.
  if (module?.pageData) {
    await module.pageData({ params, list: readListPage(url.searchParams), client, queryClient });
    queryClient.removeQueries({ predicate: (query) => query.state.status !== "success" });
  }
  // A member's own page comes with its data, so it shows at once: rendered for this member now, it is
  // never older than the data, and it is never kept (ADR 037).
  const memberData = session ? module?.memberData : undefined;
  if (session && memberData) {
    const rendered = await memberData({
      params,
      list: readListPage(url.searchParams),
      email: session.user.email,
      client,
      queryClient,
    });
    if (!rendered) {
      queryClient.clear();
      return null;
    }
  }
  if (page.access === "signed-out" && session) {
    queryClient.clear();
    return { redirect: localReturnPath(url.searchParams.get(RETURN_TO_PARAM)) };
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
