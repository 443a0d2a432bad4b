// Constants only: a schema module here would bring zod into every page's first scripts.
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from "#shared/constants.ts";
import type { ApiError } from "#shared/schemas/common.ts";
import { tryAgainIn } from "./format.ts";

/** A failed API call: `status` 0 means the server could not be reached at all. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ApiError["issues"],
    /** Seconds the server asked to wait before trying again (Retry-After), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiClientError";
  }

  /** 5xx and network failures are ours, not the user's: show a generic message and a retry. */
  get isServerError(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/** What to tell a person about a failed call: the server's 4xx message, or a generic sentence. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiClientError ? error.message : "Something went wrong. Please try again.";
}

export type QueryParams = Record<string, string | number | undefined>;

export interface ListResult<T> {
  items: T[];
  total: number;
  /** False when `total` is a lower bound (a broad text search: "10,000+"). */
  exact: boolean;
  /** Where the next page starts (X-Next-Cursor), for lists read by cursor; null on the last page. */
  nextCursor: string | null;
}

const GENERIC_SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";
const UNREACHABLE = "We could not reach the server. Check your connection and try again.";

/** The server's own "Try again in 59 seconds." at the end of a limit's refusal. */
const SERVER_WAIT = /\s*Try again in [^.]*\.?\s*$/;

/**
 * A limit's refusal (429) as every form shows it: the server's sentence, which says the rule that applied
 * ("Too many comments (at most 1 per account in 1 minute)"), then when to try again in plain words ("Try
 * again in about a minute."), never a count of seconds. Without Retry-After it is the server's as it is.
 */
function limitMessage(message: string, retryAfter: number | undefined): string {
  if (retryAfter === undefined) return message;
  const rule = message.replace(SERVER_WAIT, "").trim();
  return `${rule}${/[.!?]$/.test(rule) ? "" : "."} Try again ${tryAgainIn(retryAfter)}.`;
}

/**
 * What a refusal tells the person: the server's own words for a 4xx (a limit's wait said in plain words),
 * and for a 503 with Retry-After (the server turning work away on purpose, saying when to come back); any
 * other 5xx is a fault of ours.
 */
function refusal(status: number, body: Partial<ApiError> | null, retryAfterHeader: string | null) {
  const retryAfter =
    retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  const ownWords = status < 500 || (status === 503 && retryAfter !== undefined);
  const own = ownWords && body?.message ? body.message : undefined;
  const message = own ? (status === 429 ? limitMessage(own, retryAfter) : own) : GENERIC_SERVER_ERROR;
  return new ApiClientError(status, message, body?.issues, retryAfter);
}

function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ""}`;
}

/** How a client sends its requests: the browser's fetch, or the server calling the API in-process (SSR). */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

async function request(
  fetcher: Fetcher,
  method: string,
  path: string,
  init: { params?: QueryParams; body?: unknown; signal?: AbortSignal },
) {
  let response: Response;
  try {
    response = await fetcher(buildUrl(path, init.params), {
      method,
      signal: init.signal,
      credentials: "same-origin",
      headers:
        init.body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(0, UNREACHABLE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    throw refusal(response.status, body, response.headers.get("Retry-After"));
  }
  return response;
}

/**
 * POSTs a multipart form with XMLHttpRequest, the one browser API that reports upload progress (fetch has
 * none). Answers and errors as `send` gives them; an abort rejects with an AbortError.
 */
function sendForm<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    if (signal?.aborted) return aborted();
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.open("POST", buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("abort", aborted);
    xhr.addEventListener("error", () => reject(new ApiClientError(0, UNREACHABLE)));
    xhr.addEventListener("load", () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      reject(refusal(xhr.status, body as Partial<ApiError> | null, xhr.getResponseHeader("Retry-After")));
    });
    xhr.send(form);
  });
}

/**
 * An API client over `fetcher`. The web app has one (`apiClient`, the browser's fetch); the server makes
 * one per page it renders, to fill the page's queries from the API in-process.
 */
export function createApiClient(fetcher: Fetcher = (url, init) => fetch(url, init)) {
  return {
    async get<T>(path: string, options: { params?: QueryParams; signal?: AbortSignal } = {}): Promise<T> {
      const response = await request(fetcher, "GET", path, options);
      return (await response.json()) as T;
    },
    /** For paged lists: the body is the page, the total comes from X-Total-Count. */
    async list<T>(
      path: string,
      options: { params?: QueryParams; signal?: AbortSignal } = {},
    ): Promise<ListResult<T>> {
      const response = await request(fetcher, "GET", path, options);
      const items = (await response.json()) as T[];
      const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length);
      return {
        items,
        total: Number.isFinite(total) ? total : items.length,
        exact: response.headers.get(TOTAL_COUNT_EXACT_HEADER) !== "false",
        nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
      };
    },
    async send<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
      const response = await request(fetcher, method, path, { body });
      return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
    },
    sendForm,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client of the web app. Components use the features' query hooks, never this directly. */
export const apiClient = createApiClient();
