import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Crop, CropSchema } from "#shared/calendar/crops.ts";
import { TipWhenSchema } from "#shared/calendar/tip-when.ts";
import { MAX_SITE_CROPS } from "#shared/constants.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { SettingsSchema } from "#shared/schemas/settings.ts";
import { siteCrops } from "../../db/schema.ts";
import { SHIPPED_CROPS } from "../../lib/rules/crops.ts";
import { yaconCrop } from "../../test/crop-fixtures.ts";
import { createClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { memberWithRole } from "../../test/moderation-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";
import { standInWebRoot } from "../../test/web-root.ts";
import { sendDueSowingReminders, setReminder } from "./sowing-reminders.ts";

/** The garden calendar's crops as a client reads them, and where a member gardens as they set it. */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false }, webRoot: standInWebRoot() });
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

  it("may be a latitude to a tenth of a degree, which says the hemisphere; nobody else reads it", async () => {
    const member = await signedInMember(app);
    const settings = (body: Record<string, unknown>) =>
      member.client.patch("/api/settings", body, { schema: SettingsSchema });
    const set = await settings({ latitude: -41.2865 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ latitude: -41.3, hemisphere: "south" });
    for (const [body, says] of [
      [{ latitude: 91 }, "latitude must be between -90 and 90"],
      [{ latitude: "51.5N" }, "latitude must be a number of degrees"],
      [{ latitude: 51.5, hemisphere: "south" }, "hemisphere must be the latitude's"],
    ] as const) {
      const refused = await member.client.patch("/api/settings", body, { schema: ApiErrorSchema });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(says);
    }
    expect((await member.client.get("/api/settings", { schema: SettingsSchema })).body).toMatchObject({
      latitude: -41.3,
      hemisphere: "south",
    });
    // Saving other settings, or the same hemisphere, keeps it; the other hemisphere drops it.
    expect((await settings({ units: "imperial", hemisphere: "south" })).body.latitude).toBe(-41.3);
    expect((await settings({ latitude: 0 })).body).toMatchObject({ latitude: 0, hemisphere: "north" });
    expect((await settings({ hemisphere: "south" })).body).toMatchObject({
      latitude: null,
      hemisphere: "south",
    });
    expect((await settings({ latitude: 51.47 })).body).toMatchObject({ latitude: 51.5, hemisphere: "north" });
    expect((await settings({ latitude: null })).body).toMatchObject({ latitude: null, hemisphere: "north" });
    expect((await settings({ latitude: 51.5 })).body.latitude).toBe(51.5);
    expect((await settings({ hemisphere: null })).body).toMatchObject({ latitude: null, hemisphere: null });
    // Only the member's own settings hold it: their gardener page and tips say nothing of it.
    await settings({ latitude: 51.5 });
    const tip = await member.client.post(
      "/api/tips",
      {
        title: "Chit early potatoes",
        plantType: "Potato",
        difficulty: "Easy",
        description: "Set the seed potatoes in egg boxes in a light, cool room six weeks before planting.",
        category: "Vegetables",
        crops: ["potato"],
      },
      { schema: z.object({ _id: z.string(), authorHandle: z.string() }) },
    );
    for (const path of [
      `/api/tips/${tip.body._id}`,
      `/api/gardeners/${tip.body.authorHandle}`,
      "/api/crops/potato?hemisphere=north&lastFrost=05-10",
    ]) {
      const text = (await createClient(app.app).get(path)).text;
      expect(text, path).not.toContain("51.5");
      expect(text, path).not.toContain("latitude");
    }
  });

  it("counts a reminder from the latitude's typical frosts until the member gives their own", async () => {
    const DAY = new Date("2027-03-03T10:00:00Z");
    const at = async (latitude: number) => {
      const member = await memberGardening({ latitude, timeZone: "UTC" });
      return setReminder(app.db, member.id, shipped("tomato"), { now: DAY });
    };
    // Tomatoes are sown indoors 8 to 6 weeks before the last frost: 10 May at 51.5°, 1 June at 60.2°.
    expect(await at(51.5)).toMatchObject({ task: "sowIndoors", opensOn: "2027-03-15" });
    expect(await at(60.2)).toMatchObject({ task: "sowIndoors", opensOn: "2027-04-06" });
  });
});

describe("a crop page's address", () => {
  it("is a page for a crop the calendar knows, and a 404 for any other", async () => {
    const page = await app.app.request("/crops/spinach");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    for (const path of ["/crops/mandrake", "/crops/Spinach", "/crops/%00"]) {
      const missing = await app.app.request(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("content-type"), path).toContain("text/html");
    }
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

  it("say when their advice is for, keep it through an edit that leaves it out, and lose it to null", async () => {
    const member = await signedInMember(app);
    const TipWithWhen = TipWithCrops.extend({ when: TipWhenSchema.optional() });
    const weeks = { kind: "frost", frost: "last", weeks: -6 } as const;
    const shared = await member.client.post(
      "/api/tips",
      { ...aTip(["tomato"]), when: weeks },
      { schema: TipWithWhen },
    );
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body.when).toEqual(weeks);
    const path = `/api/tips/${shared.body._id}`;
    // Read by anyone, as the author gave it; the reader's own terms are the page's to show.
    expect((await createClient(app.app).get(path, { schema: TipWithWhen })).body.when).toEqual(weeks);
    const kept = await member.client.put(path, aTip(), { schema: TipWithWhen });
    expect(kept.body.when).toEqual(weeks);
    const months = { kind: "months", from: 11, to: 2, hemisphere: "south" } as const;
    const changed = await member.client.put(path, { ...aTip(), when: months }, { schema: TipWithWhen });
    expect(changed.body.when).toEqual(months);
    const cleared = await member.client.put(path, { ...aTip(), when: null }, { schema: TipWithWhen });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).not.toHaveProperty("when");
    // A tip that never said answers without it.
    const plain = await member.client.post("/api/tips", aTip(), { schema: TipWithWhen });
    expect(plain.body).not.toHaveProperty("when");
  });

  it("refuse a when that is no frost's weeks nor months, saying which part, and store nothing", async () => {
    const member = await signedInMember(app);
    const shared = await member.client.post(
      "/api/tips",
      { ...aTip(), when: { kind: "months", from: 3, to: 4, hemisphere: "north" } },
      { schema: TipWithCrops },
    );
    const path = `/api/tips/${shared.body._id}`;
    for (const [when, at, says] of [
      [{ kind: "frost", frost: "last", weeks: 17 }, "when.weeks", "weeks must be between -16 and 16"],
      [{ kind: "frost", frost: "last", weeks: 2.5 }, "when.weeks", "weeks must be a whole number of weeks"],
      [
        { kind: "frost", frost: "spring", weeks: 2 },
        "when.frost",
        'frost must be "last" (spring) or "first"',
      ],
      [{ kind: "months", from: 0, to: 4, hemisphere: "north" }, "when.from", "from must be a month's number"],
      [{ kind: "months", from: 3, to: 13, hemisphere: "north" }, "when.to", "to must be a month's number"],
      [
        { kind: "months", from: 3, to: 4, hemisphere: "east" },
        "when.hemisphere",
        'hemisphere must be "north"',
      ],
      [{ kind: "season", season: "spring" }, "when.kind", 'when must be {kind: "frost"'],
      ["in spring", "when", 'when must be {kind: "frost"'],
    ] as const) {
      const refused = await member.client.post("/api/tips", { ...aTip(), when }, { schema: ApiErrorSchema });
      expect(refused.status, JSON.stringify(when)).toBe(400);
      expect(refused.body.issues, JSON.stringify(when)).toContainEqual({
        path: at,
        message: expect.stringContaining(says),
      });
      const edit = await member.client.put(path, { ...aTip(), when }, { schema: ApiErrorSchema });
      expect(edit.status, JSON.stringify(when)).toBe(400);
    }
    const read = await member.client.get(path, { schema: TipWithCrops.extend({ when: TipWhenSchema }) });
    expect(read.body.when).toEqual({ kind: "months", from: 3, to: 4, hemisphere: "north" });
    const mine = await member.client.get(`/api/tips?email=${encodeURIComponent(member.account.email)}`, {
      schema: z.array(TipWithCrops),
    });
    expect(mine.body).toHaveLength(1);
  });

  it("are found by a search for a crop's name in any of its languages, accents aside", async () => {
    const member = await signedInMember(app);
    const word = Math.random().toString(36).slice(2, 8);
    const tip = await member.client.post("/api/tips", aTip(["carrot"]), { schema: TipWithCrops });
    const other = await member.client.post(
      "/api/tips",
      { ...aTip(["leek"]), title: `Leeks ${word}` },
      { schema: TipWithCrops },
    );
    const found = async (q: string) =>
      (
        await createClient(app.app).get(`/api/tips?limit=100&q=${encodeURIComponent(q)}`, {
          schema: z.array(z.object({ _id: z.string() })),
        })
      ).body.map((one) => one._id);
    for (const q of ["Zanahoria", "zanahória", "MÖHRE", "carot", "Carrot"]) {
      expect(await found(q), q).toContain(tip.body._id);
      expect(await found(q), q).not.toContain(other.body._id);
    }
    // Two letters name too many crops to mean one; the title still matches as it always did.
    expect(await found("ca")).not.toContain(tip.body._id);
    expect(await found(word)).toEqual([other.body._id]);
    // The member's own list searches crops' names too.
    const own = await member.client.get(
      `/api/tips?email=${encodeURIComponent(member.account.email)}&q=poireau`,
      { schema: z.array(z.object({ _id: z.string() })) },
    );
    expect(own.body.map((one) => one._id)).toEqual([other.body._id]);
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
    const member = place ? await memberGardening(place) : await signedInMember(app);
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

/** A signed-in member whose settings say where they garden. */
async function memberGardening(place: Record<string, unknown>) {
  const member = await signedInMember(app);
  expect((await member.client.patch("/api/settings", place)).status).toBe(200);
  return member;
}

describe("remind me when it's time to sow", () => {
  const Reminder = z.object({
    crop: z.string(),
    task: z.string(),
    opensOn: z.string(),
    remindAt: z.string(),
    tipId: z.string().nullable(),
    remindedAt: z.string().nullable(),
  });
  const Notifications = z.array(
    z.object({
      kind: z.string(),
      path: z.string(),
      crop: z.object({ slug: z.string(), name: z.string() }).optional(),
      tip: z.object({ _id: z.string() }).optional(),
    }),
  );
  /** A Wednesday early in March: sowing time in the north, autumn in the south. */
  const DAY = new Date("2027-03-03T10:00:00Z");

  it("asks where the member gardens first, and a signed-in member", async () => {
    const member = await signedInMember(app);
    const refused = await member.client.put("/api/crops/tomato/reminder", {}, { schema: ApiErrorSchema });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Tell the calendar where you garden first");
    expect((await createClient(app.app).put("/api/crops/tomato/reminder", {})).status).toBe(401);
    expect((await member.client.put("/api/crops/mandrake/reminder", {})).status).toBe(404);
    const none = await member.client.get("/api/crops/tomato/reminder", {
      schema: z.object({ reminder: z.null() }),
    });
    expect(none.status).toBe(200);
  });

  it("comes back once, on the morning the next window opens in each member's own garden and time zone", async () => {
    const north = await memberGardening({
      hemisphere: "north",
      lastFrost: "04-20",
      firstFrost: "10-20",
      timeZone: "Europe/London",
    });
    const south = await memberGardening({
      hemisphere: "south",
      lastFrost: "10-01",
      firstFrost: "04-20",
      timeZone: "Australia/Hobart",
    });
    // Set on a day the test picks (a session would not last to it on a faked clock): the route's own
    // answer, on today's date, is the next test's.
    // Sowing tomatoes indoors began on 23 February in the north: next is planting out, a week after the frost.
    const tomato = { body: await setReminder(app.db, north.id, shipped("tomato"), { now: DAY }) };
    expect(tomato.body).toMatchObject({
      crop: "tomato",
      task: "plantOut",
      opensOn: "2027-04-27",
      remindAt: "2027-04-27T07:00:00.000Z", // 08:00 in London's summer time
      remindedAt: null,
    });
    // In Tasmania spinach is being sown for autumn already: next is spring's, six weeks before the frost.
    const spinach = { body: await setReminder(app.db, south.id, shipped("spinach"), { now: DAY }) };
    expect(spinach.body).toMatchObject({
      task: "sowDirect",
      opensOn: "2027-08-20",
      remindAt: "2027-08-19T22:00:00.000Z", // 08:00 in Hobart
    });

    expect(await sendDueSowingReminders(app.db, new Date("2027-04-27T06:59:00Z"), north.id)).toBe(0);
    expect(await sendDueSowingReminders(app.db, new Date("2027-04-27T07:00:00Z"), north.id)).toBe(1);
    expect(await sendDueSowingReminders(app.db, new Date("2027-04-28T07:00:00Z"), north.id)).toBe(0);
    const told = await north.client.get("/api/notifications", { schema: Notifications });
    expect(told.body.filter((one) => one.kind === "sowing")).toEqual([
      expect.objectContaining({ path: "/crops/tomato", crop: { slug: "tomato", name: "Tomato" } }),
    ]);
    const read = await north.client.get("/api/crops/tomato/reminder", {
      schema: z.object({ reminder: Reminder }),
    });
    expect(read.body.reminder.remindedAt).toBe("2027-04-27T07:00:00.000Z");
    // The southern member's is not due in April.
    expect(await sendDueSowingReminders(app.db, new Date("2027-04-27T07:00:00Z"), south.id)).toBe(0);
  });

  it("is set from a tip naming the crop and leads back to it; replaced, and removed", async () => {
    const member = await memberGardening({ hemisphere: "north", lastFrost: "04-20", firstFrost: "10-20" });
    const author = await signedInMember(app);
    const tip = await author.client.post(
      "/api/tips",
      {
        title: "Sow leeks in a seed bed",
        plantType: "Leek",
        difficulty: "Easy",
        description: "Sow thinly in a seed bed and move them when pencil thick.",
        category: "Vegetables",
        crops: ["leek"],
      },
      { schema: z.object({ _id: z.string() }) },
    );
    const hidden = await author.client.post(
      "/api/tips",
      {
        title: "Leeks, privately",
        plantType: "Leek",
        difficulty: "Easy",
        description: "Notes for myself about leeks.",
        category: "Vegetables",
        availability: "Private",
        crops: ["leek"],
      },
      { schema: z.object({ _id: z.string() }) },
    );
    const path = "/api/crops/leek/reminder";
    for (const [body, status] of [
      [{ tipId: hidden.body._id }, 404],
      [{ tipId: "not-an-id" }, 400],
    ] as const)
      expect((await member.client.put(path, body)).status, JSON.stringify(body)).toBe(status);
    const wrongCrop = await member.client.put(
      "/api/crops/onion/reminder",
      { tipId: tip.body._id },
      {
        schema: ApiErrorSchema,
      },
    );
    expect(wrongCrop.status).toBe(400);
    expect(wrongCrop.body.message).toBe("That tip does not name this crop");
    const set = await member.client.put(path, { tipId: tip.body._id }, { schema: Reminder });
    expect(set.body.tipId).toBe(tip.body._id);
    // Setting it again replaces it: one reminder per crop.
    const again = await member.client.put(path, {}, { schema: Reminder });
    expect(again.body.tipId).toBeNull();
    await member.client.put(path, { tipId: tip.body._id });
    expect(
      await sendDueSowingReminders(app.db, new Date(Date.parse(set.body.remindAt) + 1000), member.id),
    ).toBe(1);
    const told = await member.client.get("/api/notifications", { schema: Notifications });
    expect(told.body.find((one) => one.kind === "sowing")).toMatchObject({
      crop: { slug: "leek", name: "Leek" },
      tip: { _id: tip.body._id },
      path: "/crops/leek",
    });
    expect((await member.client.delete(path)).status).toBe(204);
    expect((await member.client.delete(path)).status).toBe(204);
    const gone = await member.client.get(path, { schema: z.object({ reminder: z.null() }) });
    expect(gone.body.reminder).toBeNull();
  });
});

/** A shipped crop, as the server reads it. */
function shipped(slug: string): Crop {
  const crop = SHIPPED_CROPS.find((one) => one.slug === slug);
  if (!crop) throw new Error(`No shipped crop ${slug}`);
  return crop;
}

describe("crops a site adds", () => {
  const CropList = z.object({ about: z.string(), licence: z.string(), crops: z.array(CropSchema) });
  const unique = () => Math.random().toString(36).slice(2, 8);
  let administrator: Awaited<ReturnType<typeof memberWithRole>>;
  beforeAll(async () => {
    administrator = await memberWithRole(app, "administrator");
  });
  const siteList = async () =>
    (await createClient(app.app).get("/api/crops?source=site", { schema: CropList })).body.crops;

  it("are added and changed by administrators only, and join the list, the pages and the filter at once", async () => {
    const slug = `yacon-${unique()}`;
    const name = `Yacon ${slug}`;
    const page = `/crops/${slug}`;
    // Asked before it exists: a 404 a visitor's cache keeps until the crop comes.
    expect((await app.app.request(page)).status).toBe(404);
    expect((await app.app.request(page)).status).toBe(404);
    const moderator = await memberWithRole(app, "moderator");
    const member = await signedInMember(app);
    for (const [client, status] of [
      [createClient(app.app), 401],
      [member.client, 403],
      [moderator.client, 403],
    ] as const)
      expect((await client.put(`/api/crops/${slug}`, yaconCrop(name))).status).toBe(status);
    expect((await siteList()).map((crop) => crop.slug)).not.toContain(slug);

    const added = await administrator.client.put(`/api/crops/${slug}`, yaconCrop(name), {
      schema: CropSchema,
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ slug, names: { en: name }, windows: { plantOut: [2, 4] } });
    // Sent back as it was read, its slug included, it changes the crop.
    const changed = await administrator.client.put(
      `/api/crops/${slug}`,
      { ...added.body, spacingCm: 75 },
      { schema: CropSchema },
    );
    expect(changed.status, changed.text).toBe(200);

    const all = await createClient(app.app).get("/api/crops", { schema: CropList });
    const names = all.body.crops.map((crop) => crop.names.en);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(all.body.crops.find((crop) => crop.slug === slug)?.spacingCm).toBe(75);
    expect(all.body.crops.length).toBe(SHIPPED_CROPS.length + (await siteList()).length);
    const site = await siteList();
    expect(site.map((crop) => crop.slug)).toContain(slug);
    expect(site.every((crop) => !SHIPPED_CROPS.some((one) => one.slug === crop.slug))).toBe(true);
    const shippedOnly = await createClient(app.app).get("/api/crops?source=shipped", { schema: CropList });
    expect(shippedOnly.body.crops.length).toBe(SHIPPED_CROPS.length);
    expect((await createClient(app.app).get("/api/crops?source=mine")).status).toBe(400);

    const read = await createClient(app.app).get(`/api/crops/${slug}`, { schema: CropSchema });
    expect(read.body).toMatchObject({ slug, spacingCm: 75 });
    expect((await app.app.request(page)).status).toBe(200);
    expect((await createClient(app.app).get(`/api/tips?crop=${slug}`)).status).toBe(200);
  });

  it("refuse a shipped crop's slug, a name another crop has and a crop not whole, saying why, storing nothing", async () => {
    const taken = `yacon-${unique()}`;
    expect((await administrator.client.put(`/api/crops/${taken}`, yaconCrop(`Yacon ${taken}`))).status).toBe(
      201,
    );
    const slug = `oca-${unique()}`;
    const good = yaconCrop(`Oca ${slug}`);
    for (const [path, body, status, says] of [
      ["/api/crops/tomato", good, 409, "one of the crops the calendar ships with"],
      [
        `/api/crops/${slug}`,
        { ...good, names: { ...good.names, en: "tomato" } },
        409,
        'A shipped crop is named "tomato"',
      ],
      [
        `/api/crops/${slug}`,
        { ...good, names: { ...good.names, en: `YACON ${taken}` } },
        409,
        `The crop "${taken}"`,
      ],
      [`/api/crops/${slug}`, { ...good, names: { en: "Oca" } }, 400, "names.fr"],
      [`/api/crops/${slug}`, { ...good, windows: {} }, 400, "a crop has a window"],
      [
        `/api/crops/${slug}`,
        { ...good, windows: { sowDirect: [4, -2] } },
        400,
        "a window opens before it closes",
      ],
      [`/api/crops/${slug}`, { ...good, windows: { sowSometime: [1, 2] } }, 400, "windows"],
      [`/api/crops/${slug}`, { ...good, daysToMaturity: [200, 100] }, 400, "the shortest comes first"],
      [`/api/crops/${slug}`, { ...good, spacingCm: 0 }, 400, "spacingCm"],
      [`/api/crops/${slug}`, { ...good, kind: "weed" }, 400, "kind"],
      [`/api/crops/${slug}`, { ...good, slug: "other" }, 400, `the crop's slug is the address's, "${slug}"`],
      [`/api/crops/${slug}`, "yacon", 400, ""],
      ["/api/crops/Oca!", good, 404, "a crop's slug is lower-case letters and digits"],
      [`/api/crops/${"a".repeat(61)}`, good, 404, "60"],
    ] as const) {
      const res = await administrator.client.put(path, body, { schema: ApiErrorSchema });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toContain(says);
    }
    const slugs = (await siteList()).map((crop) => crop.slug);
    expect(slugs).toContain(taken);
    expect(slugs).not.toContain(slug);
    expect(
      (await createClient(app.app).get("/api/crops/tomato", { schema: CropSchema })).body.spacingCm,
    ).toBe(shipped("tomato").spacingCm);
  });

  it(`stop at ${MAX_SITE_CROPS} a site, and a change of one already there still goes`, async () => {
    const before = (await siteList()).length;
    const filler = Array.from({ length: MAX_SITE_CROPS - before }, (_, index) => {
      const slug = `filler-${unique()}-${index}`;
      return { slug, crop: { ...yaconCrop(`Filler ${slug}`), slug } as Crop };
    });
    await app.db.insert(siteCrops).values(filler);
    try {
      const slug = `oca-${unique()}`;
      const refused = await administrator.client.put(`/api/crops/${slug}`, yaconCrop(`Oca ${slug}`), {
        schema: ApiErrorSchema,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`A site adds at most ${MAX_SITE_CROPS} crops; remove one first`);
      const [first] = filler;
      if (!first) throw new Error("no filler");
      expect((await administrator.client.put(`/api/crops/${first.slug}`, first.crop)).status).toBe(200);
    } finally {
      await app.db.delete(siteCrops).where(
        inArray(
          siteCrops.slug,
          filler.map(({ slug }) => slug),
        ),
      );
    }
  });

  it("walk through a tip, its filter, its page and a reminder, and go only once no tip names them", async () => {
    const slug = `yacon-${unique()}`;
    const name = `Yacon ${slug}`;
    expect((await administrator.client.put(`/api/crops/${slug}`, yaconCrop(name))).status).toBe(201);
    const author = await memberGardening({ hemisphere: "south", lastFrost: "09-20", firstFrost: "05-01" });
    const tip = await author.client.post(
      "/api/tips",
      {
        title: "Lift yacon after the first frost",
        plantType: "Yacon",
        difficulty: "Easy",
        description: "The frost sweetens the tubers: lift them a week after it and cure them in the sun.",
        category: "Vegetables",
        crops: [slug, "potato"],
      },
      { schema: z.object({ _id: z.string(), crops: z.array(z.string()) }) },
    );
    expect(tip.status, tip.text).toBe(201);
    expect(tip.body.crops).toEqual([slug, "potato"]);
    const listed = await createClient(app.app).get(`/api/tips?crop=${slug}`, {
      schema: z.array(z.object({ _id: z.string() })),
    });
    expect(listed.body.map((one) => one._id)).toEqual([tip.body._id]);
    const onPage = await createClient(app.app).get(`/api/crops/${slug}?hemisphere=south&lastFrost=09-25`, {
      schema: z.object({
        tips: z.object({
          items: z.array(z.object({ tip: z.object({ _id: z.string() }), match: z.string() })),
        }),
      }),
    });
    expect(onPage.body.tips.items).toEqual([
      { tip: expect.objectContaining({ _id: tip.body._id }), match: "near" },
    ]);

    const reminded = await author.client.put(
      `/api/crops/${slug}/reminder`,
      { tipId: tip.body._id },
      {
        schema: z.object({ crop: z.string(), task: z.string(), remindAt: z.string() }),
      },
    );
    expect(reminded.status, reminded.text).toBe(200);
    expect(reminded.body).toMatchObject({ crop: slug });
    expect(
      await sendDueSowingReminders(app.db, new Date(Date.parse(reminded.body.remindAt) + 1000), author.id),
    ).toBe(1);
    const told = await author.client.get("/api/notifications", {
      schema: z.array(z.object({ crop: z.object({ slug: z.string(), name: z.string() }).optional() })),
    });
    expect(told.body.find((one) => one.crop?.slug === slug)?.crop).toEqual({ slug, name });
    await author.client.put(`/api/crops/${slug}/reminder`, {});

    const refused = await administrator.client.delete(`/api/crops/${slug}`, { schema: ApiErrorSchema });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "A tip names this crop: ask again with ?untag=true to take it off it too",
    );
    expect((await createClient(app.app).get(`/api/crops/${slug}`)).status).toBe(200);
    expect((await author.client.delete(`/api/crops/${slug}?untag=true`)).status).toBe(403);
    expect((await administrator.client.delete(`/api/crops/${slug}?untag=yes`)).status).toBe(400);
    expect((await administrator.client.delete(`/api/crops/${slug}?untag=true`)).status).toBe(204);

    const after = await createClient(app.app).get(`/api/tips/${tip.body._id}`, {
      schema: z.object({ crops: z.array(z.string()) }),
    });
    expect(after.body.crops).toEqual(["potato"]);
    expect((await createClient(app.app).get(`/api/crops/${slug}`)).status).toBe(404);
    expect((await createClient(app.app).get(`/api/tips?crop=${slug}`)).status).toBe(400);
    expect((await author.client.get(`/api/crops/${slug}/reminder`)).status).toBe(404);
    expect((await app.app.request(`/crops/${slug}`)).status).toBe(404);
    expect((await siteList()).map((crop) => crop.slug)).not.toContain(slug);
    // Its reminders went with it: the sweep finds none to send.
    expect(await sendDueSowingReminders(app.db, new Date("2100-01-01T00:00:00Z"), author.id)).toBe(0);
    expect((await administrator.client.delete(`/api/crops/${slug}`)).status).toBe(404);
    const shippedOne = await administrator.client.delete("/api/crops/tomato", { schema: ApiErrorSchema });
    expect(shippedOne.status).toBe(409);
    expect(shippedOne.body.message).toBe("The crops the calendar ships with cannot be removed");
  });
});
