export { toComment } from "./comment-dto.ts";
export { commentsRouter } from "./comments.routes.ts";
export { commentsWrittenBy, deleteComment, findVisibleComment } from "./comments.service.ts";
