export { commentsRouter } from "./comments.routes.ts";
