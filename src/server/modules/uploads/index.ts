// What the uploads module offers the rest of the server; other modules import from here only.
export type { PhotoQueueOptions } from "./photo-queue.ts";
export { createUploadsRouter, servePhotoFile } from "./uploads.routes.ts";
export {
  imageToStore,
  photoAt,
  photoRecord,
  releasePhoto,
  startPhotoSweep,
  writingPhoto,
} from "./uploads.service.ts";
