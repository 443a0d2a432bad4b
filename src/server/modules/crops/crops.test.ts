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

describe("tips naming crops", () => {
  const aTip = (crops?: unknown) => ({
    title: "Pinch out the side shoots",
    plantType: "Cordon tomato",
    difficulty: "Easy",
    description: "Once a week, pinch the shoots between the leaf and the stem while they are small.",
    category: "Vegetables",
    ...(crops === undefined ? {} : { crops }),
  });
  const TipWithCrops = z.object({ _id: z.string(), crops: z.array(z.string()) });

  it("are shared with the crops they name, each once, and read back with them", async () => {
    const member = await signedInMember(app);
    const shared = await member.client.post("/api/tips", aTip(["tomato", "basil", "tomato"]), {
      schema: TipWithCrops,
    });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body.crops).toEqual(["tomato", "basil"]);
    const read = await createClient(app.app).get(`/api/tips/${shared.body._id}`, { schema: TipWithCrops });
    expect(read.body.crops).toEqual(["tomato", "basil"]);
    // A tip that names none says so with an empty list.
    const plain = await member.client.post("/api/tips", aTip(), { schema: TipWithCrops });
    expect(plain.body.crops).toEqual([]);
  });

  it("refuse crops the calendar does not know, too many, or not a list, and store nothing", async () => {
    const member = await signedInMember(app);
    const mine = () =>
      member.client.get(`/api/tips?email=${encodeURIComponent(member.account.email)}`, {
        schema: z.array(TipWithCrops),
      });
    for (const [crops, path, says] of [
      [["tomato", "mandrake"], "crops.1", '"mandrake" is no crop the calendar knows'],
      [["Tomato"], "crops.0", "Each crop must be a crop's slug, such as broad-bean"],
      ["tomato", "crops", "Crops must be a list of crops' slugs"],
      [["tomato", "basil", "leek", "onion", "garlic", "kale"], "crops", "A tip may name at most 5 crops"],
    ] as const) {
      const refused = await member.client.post("/api/tips", aTip(crops), { schema: ApiErrorSchema });
      expect(refused.status, JSON.stringify(crops)).toBe(400);
      expect(refused.body.issues).toContainEqual({ path, message: expect.stringContaining(says) });
    }
    expect((await mine()).body).toEqual([]);
  });

  it("keep their crops through an edit that leaves them out, and lose them to an empty list", async () => {
    const member = await signedInMember(app);
    const shared = await member.client.post("/api/tips", aTip(["leek"]), { schema: TipWithCrops });
    const path = `/api/tips/${shared.body._id}`;
    const kept = await member.client.put(path, aTip(), { schema: TipWithCrops });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.crops).toEqual(["leek"]);
    const refused = await member.client.put(path, aTip(["leek", "triffid"]), { schema: ApiErrorSchema });
    expect(refused.status).toBe(400);
    expect((await member.client.get(path, { schema: TipWithCrops })).body.crops).toEqual(["leek"]);
    const changed = await member.client.put(path, aTip(["onion", "garlic"]), { schema: TipWithCrops });
    expect(changed.body.crops).toEqual(["onion", "garlic"]);
    const cleared = await member.client.put(path, aTip([]), { schema: TipWithCrops });
    expect(cleared.body.crops).toEqual([]);
  });

  it("are listed by crop: public and shown ones only, counted; an unknown crop is refused", async () => {
    const member = await signedInMember(app);
    const crop = "celeriac";
    const share = (crops: string[], availability = "Public") =>
      member.client.post("/api/tips", { ...aTip(crops), availability }, { schema: TipWithCrops });
    const first = await share([crop]);
    const second = await share(["swede", crop]);
    await share([crop], "Private");
    await share(["swede"]);
    const listed = await createClient(app.app).get(`/api/tips?crop=${crop}`, {
      schema: z.array(TipWithCrops),
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.map((tip) => tip._id)).toEqual([second.body._id, first.body._id]);
    expect(listed.headers.get("x-total-count")).toBe("2");
    // One page at a time, with the cursor.
    const page = await createClient(app.app).get(`/api/tips?crop=${crop}&limit=1`, {
      schema: z.array(TipWithCrops),
    });
    expect(page.body.map((tip) => tip._id)).toEqual([second.body._id]);
    const next = await createClient(app.app).get(
      `/api/tips?crop=${crop}&limit=1&cursor=${page.headers.get("x-next-cursor")}`,
      { schema: z.array(TipWithCrops) },
    );
    expect(next.body.map((tip) => tip._id)).toEqual([first.body._id]);
    // Combined with the other filters.
    const searched = await createClient(app.app).get(`/api/tips?crop=swede&q=cordon`, {
      schema: z.array(TipWithCrops),
    });
    expect(searched.body).toHaveLength(2);
    for (const [query, says] of [
      ["mandrake", '"mandrake" is no crop the calendar knows'],
      ["Celeriac", "crop must be a crop's slug"],
    ]) {
      const refused = await createClient(app.app).get(`/api/tips?crop=${query}`, { schema: ApiErrorSchema });
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toContain(says);
    }
  });
});

describe("a crop's page", () => {
  const Page = z.object({
    slug: z.string(),
    tips: z.object({
      items: z.array(z.object({ tip: z.object({ _id: z.string(), title: z.string() }), match: z.string() })),
      total: z.number(),
    }),
  });
  /** A member gardening at `place` who shares one public tip naming `crop`, titled `title`. */
  async function gardenerSharing(crop: string, title: string, place: Record<string, unknown> | null) {
    const member = await signedInMember(app);
    if (place) expect((await member.client.patch("/api/settings", place)).status).toBe(200);
    const shared = await member.client.post(
      "/api/tips",
      {
        title,
        plantType: "Okra",
        difficulty: "Medium",
        description: "Soak the seed overnight and sow it somewhere warm, two to a pot.",
        category: "Vegetables",
        crops: [crop],
      },
      { schema: z.object({ _id: z.string() }) },
    );
    expect(shared.status, shared.text).toBe(201);
    return shared.body._id;
  }
  const titles = (page: z.infer<typeof Page>) =>
    page.tips.items.map((item) => `${item.tip.title}:${item.match}`);

  it("lists the crop's tips, those of gardeners near the reader's climate first, for either hemisphere", async () => {
    const crop = "okra";
    await gardenerSharing(crop, "Yorkshire", { hemisphere: "north", lastFrost: "04-15" });
    await gardenerSharing(crop, "Vermont", { hemisphere: "north", lastFrost: "05-25" });
    await gardenerSharing(crop, "Tasmania", { hemisphere: "south", lastFrost: "09-20" });
    await gardenerSharing(crop, "Nowhere said", null);
    await gardenerSharing(crop, "Florida", { hemisphere: "north", frostFree: true });
    const read = async (query: string) => {
      const res = await createClient(app.app).get(`/api/crops/${crop}${query}`, { schema: Page });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    // Newest first within a group (no likes yet).
    const north = await read("?hemisphere=north&lastFrost=04-01");
    expect(north.tips.total).toBe(5);
    expect(titles(north)).toEqual([
      "Yorkshire:near",
      "Florida:hemisphere",
      "Vermont:hemisphere",
      "Nowhere said:elsewhere",
      "Tasmania:elsewhere",
    ]);
    const south = await read("?hemisphere=south&lastFrost=10-05");
    expect(titles(south)[0]).toBe("Tasmania:near");
    expect(south.tips.items.slice(1).every((item) => item.match === "elsewhere")).toBe(true);
    const frostFree = await read("?hemisphere=north&frostFree=true");
    expect(titles(frostFree)[0]).toBe("Florida:near");
    // No place: newest first, none nearer than another.
    const anyone = await read("");
    expect(anyone.tips.items.map((item) => item.match)).toEqual(Array(5).fill("elsewhere"));
    expect(titles(anyone)[0]).toBe("Florida:elsewhere");
    // Paged.
    const second = await read("?hemisphere=north&lastFrost=04-01&limit=2&offset=2");
    expect(titles(second)).toEqual(["Vermont:hemisphere", "Nowhere said:elsewhere"]);
    // Authors' places order the list; none is in the answer.
    const text = JSON.stringify(north);
    for (const day of ["04-15", "05-25", "09-20"]) expect(text).not.toContain(day);
  });

  it("counts frost dates across the year's end as close, and likes before age within a group", async () => {
    const crop = "pak-choi";
    const december = await gardenerSharing(crop, "Late December", {
      hemisphere: "south",
      lastFrost: "12-28",
    });
    await gardenerSharing(crop, "Mid January", { hemisphere: "south", lastFrost: "01-14" });
    await gardenerSharing(crop, "March", { hemisphere: "south", lastFrost: "03-01" });
    const fan = await signedInMember(app);
    expect((await fan.client.post(`/api/tips/${december}/like`, {})).status).toBe(200);
    const res = await createClient(app.app).get(`/api/crops/${crop}?hemisphere=south&lastFrost=01-05`, {
      schema: Page,
    });
    expect(titles(res.body)).toEqual(["Late December:near", "Mid January:near", "March:hemisphere"]);
  });

  it("refuses a place it cannot read, naming what is wrong", async () => {
    for (const [query, says] of [
      ["?hemisphere=east", "hemisphere must be one of north, south"],
      ["?hemisphere=north&lastFrost=13-01", "lastFrost must be a day of the year such as 04-15"],
      ["?hemisphere=north&frostFree=yes", 'frostFree must be "true" or "false"'],
      ["?limit=0", "limit must be at least 1"],
    ]) {
      const res = await createClient(app.app).get(`/api/crops/tomato${query}`, { schema: ApiErrorSchema });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toContain(says);
    }
  });
});
