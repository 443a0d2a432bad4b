// What the follows module offers the rest of the server.
export { followsRouter } from "./follows.routes.ts";
