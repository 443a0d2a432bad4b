import { useLocation } from "react-router";

/** Where to go after signing in: the page the visitor was sent away from (spec section 2), else home. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (
    location.state as { from?: { pathname?: string; search?: string; hash?: string } | string } | null
  )?.from;
  if (typeof from === "string" && from.startsWith("/") && !from.startsWith("//")) return from;
  if (from && typeof from === "object" && from.pathname?.startsWith("/") && !from.pathname.startsWith("//")) {
    return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
  }
  return "/";
}
