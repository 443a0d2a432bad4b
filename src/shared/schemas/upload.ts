import { z } from "zod";

/** POST /api/uploads answers where the photo is and its size (see photos.ts for what the URL carries). */
export const UploadedPhotoSchema = z
  .object({
    url: z
      .string()
      .meta({ description: "The photo's absolute URL; use it as a tip's images or a profile photo" }),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .meta({ id: "UploadedPhoto" });
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;
