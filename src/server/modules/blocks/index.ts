// What the blocks module offers the rest of the server.
export { blocksRouter } from "./blocks.routes.ts";
