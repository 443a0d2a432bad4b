import { z } from "zod";

/** POST /api/uploads answers where the photo is and its size and its id. */
export const UploadedPhotoSchema = z
  .object({
    url: z
      .string()
      .meta({ description: "The photo's absolute URL; use it as a tip's images or a profile photo" }),
    hash: z
      .string()
      .meta({ description: "The photo's id: the hash of its bytes, the same for the same photo" }),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    srcSet: z
      .string()
      .meta({ description: 'Every size there is, narrowest first: "url 480w, url 960w, ..."' }),
  })
  .meta({ id: "UploadedPhoto" });
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;
