/** The id of the script element that carries a server-rendered page's query data to the browser. */
export const SSR_STATE_ID = "ssr-state";
