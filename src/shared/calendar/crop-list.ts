import type { z } from "zod";
import cropFile from "./crops.json" with { type: "json" };
import type { CropFileSchema } from "./crops.ts";

/**
 * The shipped crop list (src/shared/calendar/crops.json), for the server and the browser alike. Its shape is checked
 * where it is read first: by the server when it starts (modules/crops) and by crops.test.ts.
 */
export const CROP_FILE = cropFile as unknown as z.infer<typeof CropFileSchema>;
