import { DEFAULT_AVATAR_IMAGE, teamRoleOf } from "#shared/constants.ts";
import type { Comment } from "#shared/schemas/comment.ts";
import { holdOf } from "#shared/schemas/hold.ts";
import type { Images } from "../../lib/urls.ts";
import type { CommentRow } from "./comments.service.ts";

/** Who reads a comment, for what they may do with it: the signed-in caller (null for a visitor), the tip's author. */
interface Reader {
  userId: string | null;
  tipAuthorId: string;
}

export function toComment(row: CommentRow, reader: Reader, images: Images): Comment {
  // A leaving account's comment reads as deleted while its deletion waits (ADR 089); it is back if they stay.
  const deleted = row.state !== "visible" || row.authorLeaving;
  const own = !deleted && reader.userId !== null && row.authorId === reader.userId;
  const hold = deleted ? null : holdOf(row);
  // A comment on hold keeps its place in the thread; only its author still reads it (ADR 041).
  const withheld = deleted || (hold !== null && !own);
  return {
    _id: row.id,
    tipId: row.tipId,
    threadId: row.threadId === row.id ? null : row.threadId,
    body: withheld ? "" : row.body,
    deleted,
    hidden: hold !== null,
    removed: hold !== null && row.removed,
    ...(hold && own ? { hold } : {}),
    author: withheld
      ? null
      : {
          name: row.authorName,
          handle: row.authorHandle,
          image: images.url(row.authorImage, row.authorPhoto, DEFAULT_AVATAR_IMAGE),
          ...images.view(row.authorPhoto),
          ...teamRoleOf(row.authorRole),
          ...(row.authorGone ? { gone: true as const } : {}),
        },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    editableUntil: row.editableUntil.toISOString(),
    // Within its time; and once only while it is on hold (the change asks for it back).
    canEdit:
      own && row.editableUntil.getTime() > Date.now() && !(hold && (hold.onAccount || hold.reviewAskedAt)),
    canDelete: own || (!deleted && reader.userId === reader.tipAuthorId),
  };
}
