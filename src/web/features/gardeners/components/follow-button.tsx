import { UserCheck, UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useFollowState, useSetFollowing } from "../api/follow.ts";

/**
 * Follow / Following on a gardener's page, drawn as the Like button is (outlined, filled once pressed). A
 * visitor's button leads to sign-in and back. The change shows at once and is taken back, with a message,
 * when the server refuses it (a block, a limit).
 */
export function FollowButton({
  handle,
  name,
  asked = false,
  forVisitors = true,
  named = false,
}: {
  handle: string;
  name: string;
  /** Whether the page asked for it already with its neighbours' (useFollowStates): then it asks nothing. */
  asked?: boolean;
  /** Whether a visitor is offered it (leading to sign-in); a card shows it to members only. */
  forVisitors?: boolean;
  /** Among many cards' buttons, each says whom it follows ("Follow Rosa B"). */
  named?: boolean;
}) {
  const { user, isPending } = useUser();
  const location = useLocation();
  const state = useFollowState(handle, { enabled: Boolean(user) && !asked });
  const setFollowing = useSetFollowing(handle);
  if (isPending || (!user && !forVisitors)) return null;
  if (!user)
    // As the navigation bar's Sign in: the login page returns to where it was opened from.
    return (
      <Link
        to={paths.auth.login.getHref()}
        state={{ from: location }}
        className="btn btn-outline btn-primary btn-sm"
      >
        <UserPlus aria-hidden="true" className="size-4" />
        Follow
      </Link>
    );
  // Until the member's follow is known the button keeps its place; if it cannot be asked, pressing Follow
  // asks the server, whose answer says.
  if (!state.data && !state.isError)
    return (
      <button type="button" className="btn btn-outline btn-primary btn-sm" disabled>
        <UserPlus aria-hidden="true" className="size-4" />
        Follow
      </button>
    );
  const following = state.data?.following ?? false;
  const label = following ? "Following" : "Follow";
  return (
    <button
      type="button"
      aria-label={named ? `${label} ${name}` : undefined}
      className={`btn btn-sm btn-primary ${following ? "" : "btn-outline"}`}
      aria-pressed={following}
      // Never disabled while a change is saved: a disabled button loses the keyboard focus, and the
      // requests go in order (useSetFollowing).
      onClick={() =>
        setFollowing.mutate(!following, {
          onSuccess: (now) =>
            toast.success(now.following ? `You follow ${name}` : `You no longer follow ${name}`),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {following ? (
        <UserCheck aria-hidden="true" className="size-4" />
      ) : (
        <UserPlus aria-hidden="true" className="size-4" />
      )}
      {label}
    </button>
  );
}
