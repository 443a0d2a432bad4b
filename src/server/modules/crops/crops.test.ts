import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CropSchema } from "#shared/calendar/crops.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { SettingsSchema } from "#shared/schemas/settings.ts";
import { createClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/** The garden calendar's crops as a client reads them, and where a member gardens as they set it. */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(() => app.close());

describe("the crops", () => {
  it("are listed for anyone, with their licence, the same for everyone", async () => {
    const res = await createClient(app.app).get("/api/crops", {
      schema: z.object({ about: z.string(), licence: z.string(), crops: z.array(CropSchema) }),
    });
    expect(res.status).toBe(200);
    expect(res.body.licence).toBe("CC0-1.0");
    expect(res.body.crops.length).toBeGreaterThanOrEqual(60);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    // A browser that has it asks again and is told it has not changed.
    const again = await app.app.request("/api/crops", {
      headers: { "If-None-Match": res.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("are read one by one by their slug; a slug no crop has is 404", async () => {
    const tomato = await createClient(app.app).get("/api/crops/tomato", { schema: CropSchema });
    expect(tomato.status).toBe(200);
    expect(tomato.body).toMatchObject({ slug: "tomato", names: { en: "Tomato", fr: "Tomate" } });
    expect(tomato.body.windows.sowIndoors).toEqual([-8, -6]);
    for (const slug of ["mandrake", "TOMATO", "%00", "a".repeat(100)]) {
      const res = await createClient(app.app).get(`/api/crops/${slug}`, { schema: ApiErrorSchema });
      expect(res.status, slug).toBe(404);
      expect(res.body.message).toBe("No crop has that name");
    }
  });
});

describe("where a member gardens", () => {
  it("is their frost dates (a day some year has), or none, and units; each kept as set", async () => {
    const member = await signedInMember(app);
    for (const [body, says] of [
      [{ lastFrost: "04-31" }, "lastFrost must be a day of the year such as 04-15"],
      [{ firstFrost: "2026-10-20" }, "firstFrost must be a day of the year such as 04-15"],
      [{ units: "cubits" }, "units must be one of metric, imperial"],
      [{ frostFree: "yes" }, "frostFree must be true or false"],
    ] as const) {
      const refused = await member.client.patch("/api/settings", body, { schema: ApiErrorSchema });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(says);
    }
    const saved = await member.client.patch(
      "/api/settings",
      { hemisphere: "south", lastFrost: "09-20", firstFrost: "05-01", units: "imperial" },
      { schema: SettingsSchema },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      hemisphere: "south",
      lastFrost: "09-20",
      firstFrost: "05-01",
      frostFree: false,
      units: "imperial",
    });
    const leap = await member.client.patch(
      "/api/settings",
      { lastFrost: "02-29", frostFree: true },
      { schema: SettingsSchema },
    );
    expect(leap.body).toMatchObject({ lastFrost: "02-29", firstFrost: "05-01", frostFree: true });
    const read = await member.client.get("/api/settings", { schema: SettingsSchema });
    expect(read.body).toEqual(leap.body);
  });
});
