import type { ListPage } from "#web/hooks/use-list-page.ts";

/** What a list of the member's own tips says while it loads or when it fails, and how it pages. */
export const ownTipsView = (list: ListPage, pageSize: number) => ({
  loadingLabel: "Loading your tips…",
  errorTitle: "We could not load your tips",
  paging: list.paging({ pageSize, label: "My tip pages" }),
});

/** What a list of everyone's public tips says while it loads or when it fails, and how it pages. */
export const publicTipsView = (list: ListPage, pageSize: number, { scrollToTop = false } = {}) => ({
  loadingLabel: "Loading tips…",
  errorTitle: "We could not load the tips",
  paging: list.paging({ pageSize, label: "Tip pages", scrollToTop }),
});
