import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { User } from "#shared/schemas/auth.ts";
import { paths } from "#web/config/paths.ts";
import { toast } from "#web/lib/toast.tsx";
import { type ApiClient, apiClient } from "./api-client.ts";
import { PUBLIC_QUERY_ROOTS, queryKeys } from "./query-keys.ts";

/** The session as better-auth answers GET /api/auth/get-session; null for a visitor. */
export interface SessionData {
  user: User & { createdAt: string; updatedAt: string };
  session: { id: string; expiresAt: string };
}

const getSession = (signal?: AbortSignal, client: ApiClient = apiClient) =>
  client.get<SessionData | null>("/auth/get-session", { signal });

/** `client`: the server's, when it renders a page for this visitor's cookie. */
export const sessionQueryOptions = (client?: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal, client),
    staleTime: 5 * 60_000,
    // Coming back to the tab checks that the session still holds (it may have expired meanwhile).
    refetchOnWindowFocus: "always",
    // Only what the app reads: the one User shape (shared/schemas/auth.ts).
    select: (data): User | null =>
      data
        ? {
            id: data.user.id,
            name: data.user.name,
            email: data.user.email,
            image: data.user.image ?? null,
            ...(data.user.photo ? { photo: data.user.photo } : {}),
            emailVerified: data.user.emailVerified,
            // A server from before roles answered none: its members are members.
            role: data.user.role ?? "member",
            held: data.user.held ?? false,
          }
        : null,
  });

/**
 * The signed-in user (null for a visitor) and whether the session is still being read: the one way any
 * part of the app asks who is signed in.
 */
export function useUser() {
  const session = useQuery(sessionQueryOptions());
  return { user: session.data ?? null, isPending: session.isPending };
}

/** Reads the session again, now: after signing in, up, or changing the profile. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

const signOut = () => apiClient.send<{ success: boolean }>("POST", "/auth/sign-out", {});

/**
 * Whether this tab's user has just logged out: a protected page on screen at that moment sends them home,
 * not to the login page (they did not come to sign in). A protected page opened afresh
 * afterwards clears it.
 */
let loggedOutHere = false;
const loggedOutListeners = new Set<() => void>();
function setLoggedOutHere(value: boolean) {
  if (loggedOutHere === value) return;
  loggedOutHere = value;
  for (const listener of loggedOutListeners) listener();
}
export const clearLoggedOutHere = () => setLoggedOutHere(false);
export function useLoggedOutHere(): boolean {
  return useSyncExternalStore(
    (listener) => {
      loggedOutListeners.add(listener);
      return () => loggedOutListeners.delete(listener);
    },
    () => loggedOutHere,
    () => false,
  );
}

/** Set by this tab's own Logout, so that the sign-out it asked for is not taken for a session that ended. */
let signingOut = false;

/** What a member is told when their session ends without their asking (expired, ended elsewhere, suspended). */
const SIGNED_OUT_NOTICE =
  "You have been signed out. Sign in again to go on: if you cannot, the sign-in page will say why.";

/**
 * Tells a member whose session ended while they were here (a call answered 401 and the session was read
 * again, or coming back to the tab found it gone: it expired, they signed out in another tab, or the
 * moderators suspended the account) that they are signed out, rather than leaving them a visitor
 * without a word. Their own Logout is not such an ending. Used once, by the root layout.
 */
export function useSignedOutNotice() {
  const { user } = useUser();
  const signedIn = user !== null;
  const was = useRef(signedIn);
  useEffect(() => {
    const before = was.current;
    was.current = signedIn;
    if (!before || signedIn) return;
    if (signingOut) signingOut = false;
    else toast.error(SIGNED_OUT_NOTICE, { duration: 10_000 });
  }, [signedIn]);
}

/**
 * Forgets the session and everything loaded for the user, goes home and says `message`: the end of a
 * Logout, and of an account's deletion asked for (which signs it out everywhere).
 */
export function useForgetSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    setLoggedOutHere(true);
    signingOut = true;
    queryClient.setQueryData(queryKeys.session, null);
    await navigate(paths.home.getHref());
    queryClient.removeQueries({
      predicate: (query) => !PUBLIC_QUERY_ROOTS.includes(String(query.queryKey[0])),
    });
    toast.success(message, { duration: 10_000 });
  };
}

/**
 * Logout: forgets the session and everything loaded for the user, and goes home. "Logged out
 * successfully" (the previous version's toast was a copy error); a failure is said, not only logged.
 */
export function useLogout() {
  const forget = useForgetSession();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forget("Logged out successfully"),
    onError: (error) => toast.error(`Logging out failed: ${error.message}`),
  });
}
