import type { ReactNode } from "react";
import { useHydrated } from "#web/hooks/use-hydrated.ts";

/**
 * The one place that keeps a server-rendered page's controls disabled until the page's script has taken
 * over (ADR 029). A page the server rendered shows its buttons, fields and lists before the code that runs
 * them has loaded; a click or a word typed then would do nothing, or be lost when the script arrives. So
 * every control that needs the script sits inside a gate:
 *
 * - inside a `Form`: nothing to do, the form wraps its fields in a gate itself;
 * - anywhere else: wrap the control, or the group of controls, in `<HydrationGate>`. A `disabled` of its
 *   own (busy, unavailable) stays on the control; the gate only adds "not yet".
 *
 * The gate is a `<fieldset disabled>`, which disables every button, input, select and textarea inside it
 * without touching them (links keep working: they need no script). It takes no room (`display: contents`,
 * so the controls stay where their parent's flex or grid puts them: no layout shift) and no place in the
 * accessibility tree (`role="none"`: no unnamed group around a lone button). The server and the browser's
 * first render both have it disabled, so hydration matches; it is enabled in the render that follows.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="none" className="contents">
      {children}
    </fieldset>
  );
}
