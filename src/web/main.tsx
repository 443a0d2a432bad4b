import "./styles.css";
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { SSR_STATE_ID } from "#shared/ssr.ts";
import { App } from "./app/app.tsx";
import { routes } from "./app/router.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { queryKeys } from "./lib/query-keys.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const queryClient = createQueryClient();
const state = document.getElementById(SSR_STATE_ID);

/**
 * Resolves in a later task: start-up work split at these points runs as several short tasks rather than
 * one long one, so a phone can paint and answer a tap between them (total blocking time, ADR 022).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Loads the code of the pages the address shows, so the first render is the page, not a spinner. */
async function loadMatchedRoutes(all: RouteObject[]) {
  for (const match of matchRoutes(all, window.location) ?? []) {
    const { route } = match;
    if (typeof route.lazy !== "function") continue;
    await nextTask();
    const module = await route.lazy();
    Object.assign(route, module, { lazy: undefined });
  }
}

if (state?.textContent) {
  // The server rendered this page (ADR 022): take over its HTML with the data it was rendered from.
  hydrate(queryClient, JSON.parse(state.textContent));
  // The page shows who was signed in when it was rendered (or cached, for visitors); the browser checks
  // again as it takes over, in the background, so a session ended meanwhile signs the page out.
  void queryClient.invalidateQueries({ queryKey: queryKeys.session, refetchType: "none" });
  await loadMatchedRoutes(routes);
  await nextTask();
  // As a transition: React hydrates in slices and lets the browser answer input between them, rather
  // than in one long task (total blocking time on a phone, ADR 022).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createBrowserRouter(routes)} queryClient={queryClient} hydrating />
      </StrictMode>,
    );
  });
} else {
  // index.html's description is for clients that run no script. Each route renders its own, which React
  // adds to <head> beside this one rather than in its place: remove it, so there is only ever one.
  document.head.querySelector('meta[name="description"][data-default]')?.remove();
  createRoot(root).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} queryClient={queryClient} />
    </StrictMode>,
  );
}
