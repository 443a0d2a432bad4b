import { countLabel } from "#web/lib/format.ts";

/** "like" for exactly 1, "likes" otherwise. */
export function likesLabel(count: number) {
  return `${count} ${count === 1 ? "like" : "likes"}`;
}

/** "1 comment", "2 comments", "1,200 comments". */
export function commentsLabel(count: number) {
  return countLabel(count, { one: "comment", many: "comments" });
}
