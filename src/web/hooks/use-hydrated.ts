import { createContext, useContext } from "react";

/**
 * False while a page rendered by the server is being taken over (and on the server), true afterwards and
 * in a page the browser renders itself. Set by App, as a transition, once hydration has committed: the
 * components that read it render again in slices rather than in one long task, as a
 * `useSyncExternalStore` would make them (one long task is total blocking time on a phone, ADR 022).
 */
export const HydratedContext = createContext(true);

/**
 * Whether the page runs in the visitor's browser yet: what depends on the visitor's clock, screen or
 * storage, and the controls that need the page's script, wait for it, so the first render matches the
 * server's HTML.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
