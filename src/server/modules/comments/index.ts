export { commentsRouter } from "./comments.routes.ts";
export { deleteComment, findVisibleComment } from "./comments.service.ts";
