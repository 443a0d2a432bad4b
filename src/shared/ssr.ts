/**
 * The id of the script element that carries a server-rendered page's query data to the browser: the
 * server writes it (server/web.ts), the page's entry reads it (web/main.tsx). A module of its own, so the
 * entry script takes this one string and nothing else.
 */
export const SSR_STATE_ID = "ssr-state";
