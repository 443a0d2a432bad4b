import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { isMemberPage } from "#shared/site-routes.ts";
import { routes } from "./app/router.tsx";
import { paths } from "./config/paths.ts";
import { RETURN_TO_PARAM } from "./features/auth/google-popup.ts";
import { localReturnPath } from "./features/auth/use-return-path.ts";
import { tipQueryOptions } from "./features/tips/api/get-tip.ts";
import { myTipsQueryOptions } from "./features/tips/api/get-tips.ts";
import { dashboardMyTipsParams } from "./features/tips/components/dashboard-my-tips-list.tsx";
import { myTipsParams } from "./features/tips/components/my-tips-list.tsx";
import { configQueryOptions } from "./hooks/use-config.ts";
import { HydratedContext } from "./hooks/use-hydrated.ts";
import { type ListPageState, readListPage } from "./hooks/use-list-page.ts";
import { type ApiClient, createApiClient, type Fetcher } from "./lib/api-client.ts";
import { sessionQueryOptions } from "./lib/auth.ts";

/**
 * The server's rendering of the public pages (ADR 022) and of a signed-in member's own (ADR 037): their
 * HTML carries the page (its header or sidebar, headings, banner, filters, forms and footer), so the first
 * paint needs no script, and main.tsx hydrates it. The public pages' tips and gardeners are not rendered
 * in: such a page is kept and reused for every visitor, so it shows its loading state where they go and
 * the browser asks the API for them, as it does on every later visit; a page is never older than the data
 * it shows (ADR 022). A member's own pages (their tip, their lists) are rendered for them alone, now, and
 * never kept: they come with their data (MEMBER_DATA). The dashboard's figures are not: hydrating its
 * charts cost a phone more than it gained (ADR 037). Built by `npm run build` into dist/ssr; the server
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

/**
 * The paths rendered here (a route's own path, or its parent's for an index route); the rest of the app
 * renders in the browser. A member's pages among them are rendered only for a signed-in member.
 */
const RENDERED = new Set([
  paths.myTips.path,
  paths.tip.path,
  paths.dashboard.root.path,
  paths.dashboard.myTips.path,
  paths.home.path,
  paths.browseTips.path,
  paths.exploreGardeners.path,
  paths.gardener.path,
  paths.privacy.path,
  paths.terms.path,
  paths.auth.login.path,
  paths.auth.signup.path,
  paths.auth.reset.path,
  // The 404 page.
  "*",
]);

interface MemberDataFor {
  params: Record<string, string | undefined>;
  list: ListPageState;
  email: string;
  client: ApiClient;
  queryClient: QueryClient;
}

/** Reads `options` into `queryClient`: whether it could. */
async function loaded<TQueryFnData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, Error, TQueryFnData, TQueryKey>,
): Promise<boolean> {
  await queryClient.prefetchQuery(options);
  return queryClient.getQueryState(options.queryKey)?.status === "success";
}

/**
 * What a member's page is rendered with, besides the session: the query its content waits on, the same
 * one (the same key) the page's component asks for in the browser. The page is not rendered when it
 * answers false: a tip the member may not see is left to the browser's not-found page. A list that could
 * not be read is rendered as loading; the browser asks for it again and says what failed.
 */
const MEMBER_DATA: Record<string, (member: MemberDataFor) => Promise<boolean>> = {
  [paths.tip.path]: ({ params, client, queryClient }) =>
    loaded(queryClient, tipQueryOptions(params.id ?? "", client)),
  [paths.myTips.path]: async ({ list, email, client, queryClient }) => {
    await loaded(queryClient, myTipsQueryOptions(myTipsParams(list), email, client));
    return true;
  },
  [paths.dashboard.myTips.path]: async ({ list, email, client, queryClient }) => {
    await loaded(queryClient, myTipsQueryOptions(dashboardMyTipsParams(list), email, client));
    return true;
  },
};

/** Pages only for the signed out: a signed-in member who opens one is sent on where they were going. */
const SIGNED_OUT_ONLY = new Set<string>([paths.auth.login.path, paths.auth.signup.path]);

const handler = createStaticHandler(routes);

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
  const leaf = context.matches.at(-1)?.route;
  const leafPath = leaf?.index ? context.matches.at(-2)?.route.path : leaf?.path;
  if (leafPath === undefined || !RENDERED.has(leafPath)) return null;

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
  // A visitor on a member's page is sent to sign in by the browser, as it always was.
  if (!session && isMemberPage(url.pathname)) {
    queryClient.clear();
    return null;
  }
  // A member's own page comes with its data, so it shows at once: rendered for this member now, it is
  // never older than the data, and it is never kept (ADR 037).
  const memberData = session ? MEMBER_DATA[leafPath] : undefined;
  if (session && memberData) {
    const rendered = await memberData({
      params: context.matches.at(-1)?.params ?? {},
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
  if (SIGNED_OUT_ONLY.has(leafPath) && session) {
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
