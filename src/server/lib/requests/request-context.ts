import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the server learns about one request while answering it, for its log line and its metrics (ADR
 * 044): its id from the start, its route pattern and account once the app knows them, and whether a
 * cache answered it.
 */
export interface RequestNote {
  readonly id: string;
  route?: string;
  /** The route the request matched, known before it is answered: named if the client leaves first. */
  matched?: string;
  account?: string;
  cache?: "hit";
}

/**
 * The note of the request being answered, wherever the code runs while answering it: the log adds its id
 * to every line written meanwhile, the app adds the route and account. Empty outside a request (sweeps,
 * start-up) and in tests that call the app without a server.
 */
export const requestContext = new AsyncLocalStorage<RequestNote>();
