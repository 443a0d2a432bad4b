// What the bookmarks module offers the rest of the server.

export { startBookmarkSweep } from "./bookmark-sweep.ts";
export { bookmarksRouter } from "./bookmarks.routes.ts";
export { sendDueReminders } from "./bookmarks.service.ts";
