import { useLocation } from "react-router";
import { RETURN_TO_PARAM } from "./google-popup.ts";

/** Only a path of this site: never "//host" or "/\\host", which browsers read as another site. */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** `path` when it is a path of this site, home otherwise. */
export function localReturnPath(path: string | null | undefined): string {
  return path && isLocalPath(path) ? path : "/";
}

/**
 * Where to go after signing in: the page the visitor was sent away from, else home.
 * It comes as navigation state, or, after a full-page Google sign-in that failed, as ?returnTo=.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (
    location.state as { from?: { pathname?: string; search?: string; hash?: string } | string } | null
  )?.from;
  if (typeof from === "string" && isLocalPath(from)) return from;
  if (from && typeof from === "object" && from.pathname && isLocalPath(from.pathname)) {
    return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
  }
  return localReturnPath(new URLSearchParams(location.search).get(RETURN_TO_PARAM));
}
