/** "like" for exactly 1, "likes" otherwise. */
export function likesLabel(count: number) {
  return `${count} ${count === 1 ? "like" : "likes"}`;
}
