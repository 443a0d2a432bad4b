import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { ListPageState } from "#web/hooks/use-list-page.ts";
import type { ApiClient } from "./api-client.ts";

/** What the server has at hand as it renders a signed-in member's page (entry-server.tsx). */
interface MemberPageRequest {
  /** The URL's parameters, by the names in the page's path pattern. */
  params: Record<string, string | undefined>;
  /** A list page's page, search and sort, read from the URL's query as the browser reads them. */
  list: ListPageState;
  email: string;
  client: ApiClient;
  queryClient: QueryClient;
}

/**
 * What a member's page is rendered with by the server, besides the session, exported by its route module
 * as `memberData`: the query its content waits on, the same one (the same key) the page's component asks
 * for in the browser. The page is not rendered when it answers false: a tip the member may not see is left
 * to the browser's not-found page. A list that could not be read is rendered as loading; the browser asks
 * for it again and says what failed.
 */
export type MemberData = (request: MemberPageRequest) => Promise<boolean>;

/**
 * What a page anyone may open is rendered with by the server, for a visitor as for a member, exported by its
 * route module as `pageData`: the queries its content waits on, with the keys its components ask for in
 * the browser. What could not be read (an unknown name, a page on hold) is left out: the page shows it
 * loading and the browser asks again and shows what the answer says.
 */
export type PageData = (request: Omit<MemberPageRequest, "email">) => Promise<void>;

/** Reads `options` into `queryClient`: whether it could. */
export async function loaded<TQueryFnData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, Error, TQueryFnData, TQueryKey>,
): Promise<boolean> {
  await queryClient.prefetchQuery(options);
  return queryClient.getQueryState(options.queryKey)?.status === "success";
}
