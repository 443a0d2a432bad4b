import { DEFAULT_TIP_IMAGE } from "#shared/constants.ts";
import { type Hold, holdOf } from "#shared/schemas/hold.ts";
import type { Tip } from "#shared/schemas/tip.ts";
import type { Images } from "../../lib/urls.ts";
import type { TipRow } from "./tip-row.ts";

const withHold = (hold: Hold | null) => (hold ? { hold } : {});

/**
 * A tip as every route answers it: `_id`, an absolute image URL (the default plant image when none) and an uploaded photo's size and copies. The
 * author's e-mail is shown on a demo gardener's tip, as the specification's cards show it, and to the
 * author (`readerId`) on their own; a member's e-mail is no one else's to read (ADR 050).
 */
export function toTip(row: TipRow, images: Images, readerId: string | null = null): Tip {
  // Nothing of a placeholder's tip is shown, whatever the row still holds.
  if (row.authorGone && !row.shown)
    return {
      ...toTip(
        {
          ...row,
          authorGone: false,
          title: "Deleted tip",
          description: "",
          plantType: "",
          images: null,
          photo: null,
          hold: null,
          crops: [],
          when: null,
        },
        images,
      ),
      authorGone: "placeholder",
    };
  return {
    _id: row.id,
    title: row.title,
    plantType: row.plantType,
    difficulty: row.difficulty,
    description: row.description,
    images: images.url(row.images, row.photo, DEFAULT_TIP_IMAGE),
    ...images.view(row.photo),
    category: row.category,
    availability: row.availability,
    name: row.name,
    ...(row.authorDemo || row.authorId === readerId ? { email: row.email } : {}),
    authorHandle: row.authorHandle,
    ...(row.authorRole === "member" ? {} : { authorRole: row.authorRole }),
    // A deleted account's tip shown to others is its own (kept anonymously), else a placeholder (ADR 089).
    ...(row.authorGone ? { authorGone: row.shown ? ("anonymous" as const) : ("placeholder" as const) } : {}),
    crops: row.crops,
    ...(row.when ? { when: row.when } : {}),
    totalLiked: row.totalLiked,
    totalComments: row.totalComments,
    createdAt: row.createdAt.toISOString(),
    // Only its author is ever answered a tip on hold (tips.service.ts), and told why.
    ...withHold(holdOf(row)),
  };
}
