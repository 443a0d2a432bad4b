import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { blocks, users } from "./db/schema.ts";
import { isJsonObject, type JsonObject, objectAt, toJsonObject } from "./lib/requests/json.ts";
import { RATE_LIMITS } from "./lib/security/rate-limit.ts";
import { createClient, newAccount, type TestClient } from "./test/http-client.ts";
import { checkAgainstDocument } from "./test/openapi-validator.ts";
import { createTestApp, testDriver } from "./test/test-db.ts";

/**
 * Property-based fuzzing of every operation in /api/openapi.json, with requests inside the shared
 * schemas and far outside them (wrong types, huge and odd strings, NUL, deep JSON, wrong content types,
 * bare JSON values, malformed cookies, odd path parameters). The server must never answer 5xx, every
 * answer is one the document describes (status, content type, body), every refusal is JSON with a message,
 * and afterwards it still answers and nobody else's tips changed.
 *
 * How hard (FUZZ_STRENGTH, ADR 047): "full" once a run, on PGlite; "light" on PostgreSQL, where only the
 * driver between the same server code and the same database engine differs; "deep" (npm run test:deep)
 * twenty times the full run, for a night. Each run draws a new seed and prints it: FUZZ_SEED replays one.
 */
const STRENGTHS = {
  light: { perOperation: 20, withLimits: 3 },
  full: { perOperation: 60, withLimits: 8 },
  deep: { perOperation: 2000, withLimits: 250 },
};
const strengthName = (process.env.FUZZ_STRENGTH ?? (testDriver === "pglite" ? "full" : "light")) as string;
if (!(strengthName in STRENGTHS))
  throw new Error(`FUZZ_STRENGTH is one of ${Object.keys(STRENGTHS).join(", ")}, not "${strengthName}"`);
const STRENGTH = STRENGTHS[strengthName as keyof typeof STRENGTHS];
const SEED = Number(process.env.FUZZ_SEED ?? randomInt(2 ** 31));
const REPLAY = `FUZZ_SEED=${SEED} FUZZ_STRENGTH=${strengthName}`;

interface Operation {
  method: string;
  path: string;
  op: JsonObject;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operations: Operation[];
let schemas: JsonObject;
let victimTips: unknown[];
let victim: TestClient;
let victimId = "";
let tipIds: string[];
let sent = 0;

const tipBody = (availability: string) => ({
  title: `Fuzz target ${availability}`,
  plantType: "Fern",
  difficulty: "Easy",
  description: "A tip the fuzzer must never change.",
  category: "Plant Care",
  availability,
});

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  victim = createClient(ctx.app);
  const signedUp = await victim.post("/api/auth/sign-up/email", newAccount());
  expect(signedUp.status).toBe(200);
  victimId = (signedUp.body as { user: { id: string } }).user.id;
  // The e-mail and password the fuzzer tries most, without a photo: its sign-ins succeed, with and without
  // a callbackURL, and answer an account whose image is null.
  const { image: _none, ...known } = newAccount({ email: "someone@example.com", password: "Sunflower7" });
  expect((await createClient(ctx.app).post("/api/auth/sign-up/email", known)).status).toBe(200);
  tipIds = [];
  for (const availability of ["Public", "Hidden", "Private"]) {
    const res = await victim.post("/api/tips", tipBody(availability), { schema: TipSchema });
    expect(res.status).toBe(201);
    tipIds.push(res.body._id);
  }
  victimTips = await victimView();
  const doc = toJsonObject(await (await ctx.app.request("http://localhost/api/openapi.json")).json());
  schemas = objectAt(objectAt(doc, "components"), "schemas") ?? {};
  operations = Object.entries(objectAt(doc, "paths") ?? {}).flatMap(([path, item]) =>
    Object.entries(isJsonObject(item) ? item : {}).flatMap(([method, op]) =>
      isJsonObject(op) ? [{ method: method.toUpperCase(), path, op }] : [],
    ),
  );
});
afterAll(async () => {
  await ctx.close();
});

/**
 * The victim's tips as the victim reads them; anyone may like and comment on the public one (the document
 * says its id is a UUID, so the fuzz finds it), so those two counts are left out.
 */
async function victimView() {
  return Promise.all(
    tipIds.map(async (id) => {
      const tip = (await victim.get(`/api/tips/${id}`, { schema: TipSchema })).body;
      return tip.availability === "Public"
        ? { ...tip, totalLiked: "anyone may like it", totalComments: "anyone may comment on it" }
        : tip;
    }),
  );
}

/** Strings that have broken servers: empty, huge, NUL, lone surrogates, right-to-left marks, emoji, injections. */
const wildString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "\uDFFF\uD800",
    "\u202Egnp.exe",
    "💥".repeat(200),
    "' OR '1'='1' --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00%ff",
    "1e309",
    "-0",
    "NaN",
    "null",
    "true",
    "__proto__",
    "constructor",
  ),
  fc.integer({ min: 1, max: 300_000 }).map((n) => "x".repeat(n)),
);

const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  wildString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(wildString, { maxLength: 4 }),
  fc.dictionary(wildString, wildString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The names of a request body's properties, from the document (with $refs followed). */
function bodyProperties(op: JsonObject): string[] {
  let schema = objectAt(objectAt(objectAt(op, "requestBody"), "content"), "application/json")?.schema;
  const ref = isJsonObject(schema) ? schema.$ref : undefined;
  if (typeof ref === "string") schema = schemas[ref.split("/").at(-1) ?? ""];
  return Object.keys(objectAt(schema, "properties") ?? {});
}

/** A valid-looking value for a property, or a wild one. */
const fieldValue = (name: string) =>
  fc.oneof(
    { weight: 2, arbitrary: wildValue },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ...({
          email: ["someone@example.com", "Rowan.Ellis@Example.com", "not-an-email"],
          password: ["Sunflower7", "short", "x".repeat(200)],
          newPassword: ["Sunflower8", "weak"],
          currentPassword: ["Sunflower7", "Wrong1234"],
          name: ["Fuzzy Gardener", ""],
          image: ["https://images.example.com/a.png", "javascript:alert(1)"],
          difficulty: ["Easy", "Medium", "Hard", "Impossible"],
          availability: ["Public", "Hidden", "Private", "Secret"],
          category: ["Plant Care", "Vegetables", "Nope"],
          provider: ["google", "github"],
          token: ["abc", "a".repeat(64)],
          callbackURL: ["/", "https://evil.example/", "javascript:alert(1)"],
        }[name] ?? ["Fuzz value", "Grow tomatoes in full sun", "Tomato"]),
      ),
    },
  );

const bodyFor = (op: JsonObject) => {
  const names = bodyProperties(op);
  const objectBody =
    names.length > 0
      ? fc.record(Object.fromEntries(names.map((name) => [name, fieldValue(name)])), { requiredKeys: [] })
      : fc.dictionary(wildString, wildValue, { maxKeys: 4 });
  return fc.oneof(
    { weight: 5, arbitrary: objectBody.map((body) => JSON.stringify(body)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("123", '"str"', "true", "null", "[]", "[1,{}]", "{", '{"a":}', ""),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 10, max: 100_000 })
        .map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 10, max: 100 })
        .map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
    },
    { weight: 1, arbitrary: wildString.map((text) => JSON.stringify({ text })) },
    { weight: 1, arbitrary: wildString },
  );
};

const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/vnd.api+json",
  "",
);

const pathParam = () =>
  fc.oneof(
    fc.constantFrom(...tipIds, "00000000-0000-4000-8000-000000000000", "google", "github", "x"),
    fc.uuid(),
    wildString.filter((text) => text.length < 2000),
    fc.constantFrom("..", "%2e%2e", "-1", "9".repeat(400), "%00", "%E2%80%AE"),
  );

const queryFor = (op: JsonObject) => {
  const names = (Array.isArray(op.parameters) ? op.parameters : []).flatMap((p) =>
    isJsonObject(p) && p.in === "query" && typeof p.name === "string" ? [p.name] : [],
  );
  const key = names.length > 0 ? fc.oneof(fc.constantFrom(...names), wildString) : wildString;
  return fc.array(
    fc.tuple(key, fc.oneof(wildString, fc.constantFrom("0", "-1", "101", "1e9", "Public", "likes"))),
    {
      maxLength: 4,
    },
  );
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** encodeURIComponent throws on a lone surrogate; a URL carries it as the malformed UTF-8 a client might send. */
const encodePathSegment = (text: string) =>
  text.split(LONE_SURROGATE).map(encodeURIComponent).join("%ED%A0%80");

/** The cookies a request may carry: a fresh account's session, none, or broken session cookies. */
async function cookiesFor({ app, db }: FuzzTarget): Promise<(string | undefined)[]> {
  const client = createClient(app);
  await client.post("/api/auth/sign-up/email", newAccount());
  /** Another account, made as `set` says (a role, an age, a hold, a suspension), with its cookie. */
  const another = async (set: Partial<typeof users.$inferInsert>) => {
    const other = createClient(app);
    const account = newAccount();
    await other.post("/api/auth/sign-up/email", account);
    const [row] = await db
      .update(users)
      .set({ emailVerified: true, ...set })
      .where(eq(users.email, account.email.toLowerCase()))
      .returning({ id: users.id });
    return { other, id: row?.id ?? "" };
  };
  // The team, so the moderation routes are fuzzed past their door; an established member; members on
  // hold and suspended (with the cookie they held before); and one the victim blocked.
  const administrator = await another({ role: "administrator" });
  const moderator = await another({ role: "moderator" });
  const established = await another({ createdAt: new Date(Date.now() - 40 * 86_400_000) });
  const held = await another({ held: true, heldAt: new Date() });
  const suspended = await another({ held: true, suspendedUntil: new Date(Date.now() + 86_400_000) });
  const blocked = await another({});
  if (db === ctx.db && blocked.id)
    await db.insert(blocks).values({ blockerId: victimId, blockedId: blocked.id });
  const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return [
    cookie(client),
    ...[administrator, moderator, established, held, suspended, blocked].map(({ other }) => cookie(other)),
    undefined,
    "better-auth.session_token=garbage.signature",
    "better-auth.session_token=%ZZ%; ;;=;\u00ff",
    `better-auth.session_token=${"a".repeat(4000)}`,
  ];
}

/** The cookies of the last `cookiesFor`, by target: signing up seven accounts costs seven password hashes. */
const cookiesMade = new WeakMap<FuzzTarget["app"], (string | undefined)[]>();

/**
 * `cookiesFor`'s cookies, made again only once a fuzzed request ended one of their sessions (a sign-out,
 * a new password, a deleted account): each operation still meets every kind of caller signed in.
 */
async function liveCookies(target: FuzzTarget): Promise<(string | undefined)[]> {
  const made = cookiesMade.get(target.app);
  if (made && (await allSignedIn(target, made))) return made;
  const fresh = await cookiesFor(target);
  cookiesMade.set(target.app, fresh);
  return fresh;
}

/** Whether each of the first seven cookies (the accounts') still opens its session. */
async function allSignedIn({ app }: FuzzTarget, cookies: (string | undefined)[]) {
  for (const cookie of cookies.slice(0, 7)) {
    const res = await app.request("http://localhost/api/auth/get-session", {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const session = res.status === 200 ? await res.json() : null;
    if (!session?.user) return false;
  }
  return true;
}

/** Far above any answer seen: the slowest, e-mail sends that wait out a fixed time, take about half a second. */
const SANE_MS = 10_000;

/** The app under fuzz, and its database (to give an account a role, as ADMIN_EMAILS would). */
type FuzzTarget = Pick<Awaited<ReturnType<typeof createTestApp>>, "app" | "db">;

/**
 * Sends `runs` generated requests to every operation in the app's document, as a signed-in user, a visitor
 * and with broken cookies, and checks each answer.
 */
async function fuzzEveryOperation(target: FuzzTarget, runs: number) {
  const { app } = target;
  for (const [index, { method, path, op }] of operations.entries()) {
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    const cookies = await liveCookies(target);
    const request = fc.record({
      params: fc.tuple(...params.map(() => pathParam())),
      query: queryFor(op),
      body: method === "GET" ? fc.constant(undefined) : fc.option(bodyFor(op), { freq: 8 }),
      contentType,
      cookie: fc.constantFrom(...cookies),
    });
    const details = await fc.check(
      fc.asyncProperty(request, async (req) => {
        let target = `/api${path}`;
        params.forEach((name, i) => {
          target = target.replace(`{${name}}`, encodePathSegment(String(req.params[i])));
        });
        const search = new URLSearchParams(req.query.map(([k, v]) => [String(k), String(v)]));
        const url = `http://localhost${target}${req.query.length > 0 ? `?${search}` : ""}`;
        const headers: Record<string, string> = { Origin: "http://localhost" };
        if (req.cookie) headers.Cookie = req.cookie;
        if (req.body !== undefined && req.body !== null && req.contentType)
          headers["Content-Type"] = req.contentType;
        sent += 1;
        const started = performance.now();
        const res = await app.request(url, {
          method,
          headers,
          body: req.body === undefined || req.body === null ? undefined : req.body,
          redirect: "manual",
        });
        const text = await res.text();
        const elapsed = performance.now() - started;
        const context = `${method} ${url.slice(0, 200)} [${req.contentType}] cookie ${String(req.cookie).slice(0, 40)} body ${String(req.body).slice(0, 120)} -> ${res.status} ${res.headers.get("content-type")} ${text.slice(0, 200)}`;
        expect(res.status, context).toBeLessThan(500);
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {}
        const contentType = res.headers.get("content-type");
        await checkAgainstDocument(app, method, url, { status: res.status, contentType, body, text }).catch(
          (error: unknown) => expect.fail(`${String(error).slice(0, 600)}\n${context}`),
        );
        expect(elapsed, context).toBeLessThan(SANE_MS);
        if (res.status >= 400) {
          expect(res.headers.get("content-type"), context).toMatch(/^application\/json/);
          expect(ApiErrorSchema.pick({ message: true }).safeParse(JSON.parse(text)).success, context).toBe(
            true,
          );
        }
      }),
      { numRuns: runs, seed: SEED + index, endOnFailure: true },
    );
    // fast-check's own report prints the whole counterexample, which may be 300 KB of one string.
    if (details.failed)
      throw new Error(
        `${method} ${path}, seed ${details.seed} (${REPLAY} on ${testDriver} replays the run): ${String(details.errorInstance).slice(0, 1500)}`,
      );
  }
}

describe("fuzzing every operation in the document", () => {
  it(
    "never answers 5xx, answers in time, refuses with JSON {message}, and harms nobody else",
    async () => {
      console.log(`Fuzzing on ${testDriver} at ${strengthName} strength; ${REPLAY} replays this run.`);
      expect(operations.length).toBeGreaterThan(30);
      await fuzzEveryOperation(ctx, STRENGTH.perOperation);

      // Again with the account limits on, as in production: some calls are refused with 429, never worse.
      const limited = await createTestApp();
      try {
        const owner = newAccount();
        expect((await createClient(limited.app).post("/api/auth/sign-up/email", owner)).status).toBe(200);
        const attacker = createClient(limited.app);
        const guess = { email: "someone@example.com", password: "Wrong1234" };
        for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count; i++)
          expect((await attacker.post("/api/auth/sign-in/email", guess)).status).toBe(401);
        await fuzzEveryOperation(limited, STRENGTH.withLimits);
        // No fuzzed request undid the limit, and the owner still signs in.
        expect((await attacker.post("/api/auth/sign-in/email", guess)).status).toBe(429);
        const signIn = { email: owner.email, password: owner.password };
        expect((await createClient(limited.app).post("/api/auth/sign-in/email", signIn)).status).toBe(200);
      } finally {
        await limited.close();
      }
      expect(sent).toBeGreaterThanOrEqual(operations.length * (STRENGTH.perOperation + STRENGTH.withLimits));

      // The server still answers, and the victim's tips are exactly as they were.
      const health = await ctx.app.request("http://localhost/api/health");
      expect(health.status).toBe(200);
      expect(await victimView()).toEqual(victimTips);
    },
    600_000 * (strengthName === "deep" ? 12 : 1),
  );
});
