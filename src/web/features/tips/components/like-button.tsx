import { Heart } from "lucide-react";
import type { Tip } from "#shared/schemas/tip.ts";
import { toast } from "#web/lib/toast.tsx";
import { useToggleLike } from "../api/toggle-like.ts";
import { likesLabel } from "./likes-label.ts";

/**
 * The Like/Liked toggle and the count. Likes are stored on the server, one per user, so Liked is remembered
 * across loads. The change shows at once and is taken back, with a message, when the server refuses it.
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
        // Never disabled while a like is saved: a disabled button loses the keyboard focus, and a second
        // press takes the like back (the requests go in order, see useToggleLike).
        onClick={() =>
          like.mutate(!liked, {
            onError: (error) => toast.error(`Your like could not be saved: ${error.message}`),
          })
        }
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
