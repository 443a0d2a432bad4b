import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while a page rendered by the server is being hydrated (and on the server), true afterwards and
 * in a page the browser renders itself: what depends on the visitor's clock, screen or storage waits for
 * it, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
