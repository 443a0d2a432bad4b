export { commentsRouter } from "./comments.routes.ts";
export { deleteComment, readableCommentCount } from "./comments.service.ts";
