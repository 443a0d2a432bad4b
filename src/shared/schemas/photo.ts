import { z } from "zod";

/**
 * What a page needs to show an uploaded photo without asking the server again: its size (width and height
 * attributes, so nothing shifts as it loads) and the narrower copies it has (an img's srcset). Answered
 * beside the photo's URL; a picture linked from elsewhere has none.
 */
export const PhotoViewSchema = z
  .object({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    srcSet: z
      .string()
      .meta({ description: 'Every size there is, narrowest first: "url 480w, url 960w, ..."' }),
  })
  .meta({ id: "PhotoView" });
export type PhotoView = z.infer<typeof PhotoViewSchema>;
