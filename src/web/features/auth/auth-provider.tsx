import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiClientError } from "#web/lib/api-client.ts";
import {
  type AccountUser,
  requestPasswordReset,
  resetPassword,
  type SessionData,
  sessionQueryKey,
  sessionQueryOptions,
  signInWithEmail,
  signOut,
  signUpWithEmail,
  updateProfile,
} from "./api/auth-api.ts";
import { type GoogleSignInResult, signInWithGoogle } from "./google-popup.ts";

/** The signed-in user as spec section 3 names it. */
export interface AuthUser {
  uid: string;
  displayName: string;
  photoURL: string | null;
  email: string;
  /** False until the link in the verification e-mail is followed (ruling 26). */
  emailVerified: boolean;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True while the session is first read and while an auth action runs. */
  loading: boolean;
  /** True only while the session is first read (the full-screen spinner). */
  initializing: boolean;
  errorMessage: string;
  clearError: () => void;
  loginWithEmailPassword: (email: string, password: string) => Promise<boolean>;
  signupWithEmailPassword: (
    email: string,
    password: string,
    name: string,
    photoUrl: string,
  ) => Promise<boolean>;
  loginWithGoogle: (returnTo: string) => Promise<GoogleSignInResult>;
  logout: () => Promise<boolean>;
  /** The user signed out themselves (rather than never having signed in): protected pages send them home. */
  loggedOut: boolean;
  profileUpdate: (profile: { displayName: string; photoURL: string | null }) => Promise<boolean>;
  resetPasswordWithEmail: (email: string) => Promise<boolean>;
  completePasswordReset: (token: string, newPassword: string) => Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function toAuthUser(user: AccountUser): AuthUser {
  return {
    uid: user.id,
    displayName: user.name,
    photoURL: user.image,
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

function messageOf(error: unknown): string {
  return error instanceof ApiClientError ? error.message : "Something went wrong. Please try again.";
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const [pending, setPending] = useState(0);
  const [errorMessage, setErrorMessage] = useState("");
  const [loggedOut, setLoggedOut] = useState(false);
  const user = useMemo(() => (session.data ? toAuthUser(session.data.user) : null), [session.data]);

  // Every change of the signed-in user clears the error message (spec section 4).
  const previousUid = useRef(user?.uid);
  useEffect(() => {
    if (previousUid.current !== user?.uid) setErrorMessage("");
    if (user?.uid) setLoggedOut(false);
    previousUid.current = user?.uid;
  }, [user?.uid]);

  const refreshSession = useCallback(
    () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }),
    [queryClient],
  );

  /** Runs an auth action with the loading flag set and its failure stored in errorMessage. */
  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    setPending((n) => n + 1);
    setErrorMessage("");
    try {
      await action();
      return true;
    } catch (error) {
      setErrorMessage(messageOf(error));
      return false;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const clearError = useCallback(() => setErrorMessage(""), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      initializing: session.isPending,
      loggedOut,
      loading: session.isPending || pending > 0,
      errorMessage,
      clearError,
      loginWithEmailPassword: (email, password) =>
        run(async () => {
          await signInWithEmail(email, password);
          await refreshSession();
        }),
      signupWithEmailPassword: (email, password, name, photoUrl) =>
        run(async () => {
          await signUpWithEmail({ email, password, name, image: photoUrl });
          await refreshSession();
        }),
      loginWithGoogle: async (returnTo) => {
        // Like every auth action: loading from the start until it ends, however it ends (spec section 4).
        setPending((n) => n + 1);
        setErrorMessage("");
        try {
          let result = await signInWithGoogle(returnTo);
          // A popup that lost touch with this window may still have signed in: the session tells.
          if (result.status === "cancelled" && (await refreshSession())) result = { status: "success" };
          if (result.status === "success") await refreshSession();
          if (result.status === "error") setErrorMessage(result.message);
          return result;
        } catch (error) {
          const message = messageOf(error);
          setErrorMessage(message);
          return { status: "error", message };
        } finally {
          setPending((n) => n - 1);
        }
      },
      logout: async () => {
        try {
          await signOut();
          setLoggedOut(true);
          queryClient.setQueryData<SessionData | null>(sessionQueryKey, null);
          // Whatever was loaded for the signed-in user must not outlive the session.
          queryClient.removeQueries({
            predicate: (query) => query.queryKey[0] !== "session" && query.queryKey[0] !== "config",
          });
          toast.success("Logged out successfully");
          return true;
        } catch (error) {
          toast.error(`Logging out failed: ${messageOf(error)}`);
          return false;
        }
      },
      profileUpdate: ({ displayName, photoURL }) =>
        run(async () => {
          await updateProfile({ name: displayName, image: photoURL });
          await refreshSession();
        }),
      resetPasswordWithEmail: (email) => run(() => requestPasswordReset(email).then(() => undefined)),
      completePasswordReset: (token, newPassword) =>
        run(() => resetPassword(token, newPassword).then(() => undefined)),
    }),
    [user, session.isPending, pending, errorMessage, loggedOut, clearError, run, refreshSession, queryClient],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
