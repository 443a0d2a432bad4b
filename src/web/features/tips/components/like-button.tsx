import { Heart } from "lucide-react";
import type { Tip } from "#shared/schemas/tip.ts";
import { toast } from "#web/lib/toast.tsx";
import { useToggleLike } from "../api/toggle-like.ts";
import { likesLabel } from "./likes-label.ts";

/**
 * The Like/Liked toggle and the count (spec section 2, ruling 8). The change shows at once and is taken
 * back, with a message, when the server refuses it.
 */
export function LikeButton({ tip }: { tip: Tip }) {
  const like = useToggleLike(tip._id);
  const liked = Boolean(tip.likedByMe);
  return (
    <>
      <button
        type="button"
        className={`btn ${liked ? "btn-primary" : "btn-outline"}`}
        aria-pressed={liked}
        onClick={() => {
          if (like.isPending) return;
          like.mutate(!liked, {
            onError: (error) => toast.error(`Your like could not be saved: ${error.message}`),
          });
        }}
        // Not `disabled` while the like is saved: a disabled button loses the keyboard focus, and the
        // member would have to find their way back to it.
        aria-disabled={like.isPending || undefined}
      >
        <Heart aria-hidden="true" className={`size-5 ${liked ? "fill-current" : ""}`} />
        {liked ? "Liked" : "Like"}
      </button>
      <span aria-live="polite" className="text-base-content/80">
        {likesLabel(tip.totalLiked)}
      </span>
    </>
  );
}
