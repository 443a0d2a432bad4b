import { BellOff, BellRing } from "lucide-react";
import type { Tip } from "#shared/schemas/tip.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useMuteState, useSetMute } from "../api/mute.ts";

/**
 * Mute / Unmute on a tip's page, for a signed-in member: while muted, nothing about the tip reaches them
 * (comments, replies, mentions, likes). Nobody else knows. The button names what it does, so its name
 * alone tells a screen reader the state (no pressed state beside a changing name).
 */
export function MuteButton({ tip }: { tip: Tip }) {
  const { user } = useUser();
  const state = useMuteState(tip._id, { enabled: Boolean(user) });
  const setMute = useSetMute(tip._id);
  if (!user || !state.data) return null;
  const muted = setMute.isPending ? (setMute.variables ?? state.data.muted) : state.data.muted;
  return (
    <button
      type="button"
      className={`btn ${muted ? "btn-secondary" : "btn-outline"}`}
      title={
        muted
          ? "Nothing about this tip reaches you: unmute to hear of it again"
          : "Hear nothing more about this tip"
      }
      disabled={setMute.isPending}
      onClick={() =>
        setMute.mutate(!muted, {
          onSuccess: (now) =>
            toast.success(now.muted ? "Muted: nothing about this tip will reach you" : "Unmuted"),
          onError: (error) => toast.error(`Not changed: ${error.message}`),
        })
      }
    >
      {muted ? (
        <BellOff aria-hidden="true" className="size-5" />
      ) : (
        <BellRing aria-hidden="true" className="size-5" />
      )}
      {muted ? "Unmute" : "Mute"}
    </button>
  );
}
