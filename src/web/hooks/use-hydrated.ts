import { createContext, useContext } from "react";

/**
 * False while a page rendered by the server is being taken over (and on the server), true afterwards and
 * in a page the browser renders itself. Set by App, as a transition, once hydration has committed: the
 * components that read it render again in slices rather than in one long task, as a
 * `useSyncExternalStore` would make them (one long task is total blocking time on a phone, ADR 022).
 */
export const HydratedContext = createContext(true);

/**
 * Whether the page runs in the visitor's browser yet, so the first render matches the server's HTML.
 *
 * Which to use (ADR 029):
 * - A control that needs the page's script (a button, field or list that does something) must not be
 *   usable before then. Do not read this hook for that: put the control inside a `Form` (which gates its
 *   fields) or inside `<HydrationGate>` (components/ui/hydration-gate.tsx), the one place that disables
 *   controls until the page is hydrated.
 * - Read this hook only to decide what to render: what depends on the visitor's clock, screen or storage
 *   (the events' weekdays, the table or the cards), or what the server must never render (the toaster).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
