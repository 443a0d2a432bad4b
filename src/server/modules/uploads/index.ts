// What the uploads module offers the rest of the server; other modules import from here only.
export { servePhotoFile, uploadsRouter } from "./uploads.routes.ts";
export { releasePhoto, startPhotoSweep } from "./uploads.service.ts";
