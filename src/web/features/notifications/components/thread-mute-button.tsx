import { BellOff, BellRing } from "lucide-react";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useMuteState, useSetThreadMute } from "../api/mute.ts";

/**
 * Mute thread / Unmute thread under a thread's first comment, for a signed-in member: replies and
 * mentions in it reach them no more, the rest of the tip still does. `who` finishes the words for a
 * screen reader ("Mute thread of Ana's comment"). Nothing shows while the tip itself is muted.
 */
export function ThreadMuteButton({
  tipId,
  commentId,
  who,
}: {
  tipId: string;
  commentId: string;
  who: string;
}) {
  const { user } = useUser();
  const state = useMuteState(tipId, { enabled: Boolean(user) });
  const setMute = useSetThreadMute(tipId);
  if (!user || !state.data || state.data.muted) return null;
  const muted = state.data.mutedThreads.includes(commentId);
  const Icon = muted ? BellRing : BellOff;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      disabled={setMute.isPending}
      onClick={() =>
        setMute.mutate(
          { commentId, muted: !muted },
          {
            onSuccess: (now) =>
              toast.success(now.muted ? "Thread muted: its replies will not reach you" : "Thread unmuted"),
            onError: (error) => toast.error(`Not changed: ${error.message}`),
          },
        )
      }
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {muted ? "Unmute thread" : "Mute thread"}
      <span className="sr-only"> of {who}'s comment</span>
    </button>
  );
}
