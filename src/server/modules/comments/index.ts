export { commentsRouter } from "./comments.routes.ts";
export { deleteComment } from "./comments.service.ts";
