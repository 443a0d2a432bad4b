import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberPresence } from "../../db/schema.ts";
import { unreadEvents } from "../../test/event-stream.ts";
import { appPerFile, commentOn, monthOldMember, tipBy } from "../../test/moderation-fixtures.ts";
import { sendNotificationMails } from "./notification-mail.ts";

/**
 * The event stream as a browser's EventSource reads it: the unread count at once, again whenever it
 * changes, and only the member's own.
 */
const app = appPerFile();

const member = (name: string) => monthOldMember(app, name);

/** When the member was last known to have a page open (or is promised to, while a stream lasts). */
const presenceOf = async (userId: string) =>
  (
    await app.db.select().from(memberPresence).where(eq(memberPresence.userId, userId))
  )[0]?.seenAt.getTime() ?? 0;

/** A test client's cookies, as its browser would send them. */
const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** Opens the stream with the member's cookie; `next()` reads the next `unread` event's data. */
async function openStream(cookie: string) {
  const res = await app.app.request("/api/events", {
    headers: { Accept: "text/event-stream", Cookie: cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return unreadEvents(res.body as ReadableStream<Uint8Array>);
}

describe("the event stream", () => {
  it("says the count at once and again on each change, to the member alone, and closes cleanly", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const rosaCookie = cookieOf(rosa.client);
    const stream = await openStream(rosaCookie);
    const bens = await openStream(cookieOf(ben.client));
    expect(await stream.next()).toEqual({ count: 0, fromNewcomers: 0 });
    expect(await bens.next()).toEqual({ count: 0, fromNewcomers: 0 });
    const open = app.memberEvents.size;

    const tip = await tipBy(rosa.client);
    expect((await ben.client.post(`/api/tips/${tip._id}/like`)).status).toBe(200);
    expect(await stream.next()).toEqual({ count: 1, fromNewcomers: 0 });
    // Grouped with Ben's like, the count stays and the stream is quiet: its next word is the read.
    expect((await cai.client.post(`/api/tips/${tip._id}/like`)).status).toBe(200);
    expect((await rosa.client.post("/api/notifications/read")).status).toBe(200);
    expect(await stream.next()).toEqual({ count: 0, fromNewcomers: 0 });
    // Ben's stream heard none of Rosa's changes: its next word is his own new follower.
    await tipBy(ben.client);
    expect((await rosa.client.put(`/api/gardeners/${ben.handle}/follow`, {})).status).toBe(200);
    expect(await bens.next()).toEqual({ count: 1, fromNewcomers: 0 });

    await stream.close();
    await bens.close();
    await expect.poll(() => app.memberEvents.size).toBe(open - 2);
  });

  it("keeps its member present while open, with no write while idle, and not once closed", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const tip = await tipBy(rosa.client);
    const stream = await openStream(cookieOf(rosa.client));
    expect(await stream.next()).toEqual({ count: 0, fromNewcomers: 0 });
    await commentOn(ben.client, tip._id, "While you read");
    expect(await stream.next()).toEqual({ count: 1, fromNewcomers: 0 });
    const in11 = () => new Date(Date.now() + 11 * 60_000);
    const sweep = () =>
      sendNotificationMails({ db: app.db, baseUrl: "http://localhost", secret: app.authSecret, now: in11() });
    // Eleven minutes on, her page is still open: she saw it come.
    expect(await sweep()).toEqual({ present: 1 });
    await stream.close();
    // Closed, the promise of her presence is taken back: she was here until now.
    await expect.poll(() => presenceOf(rosa.id)).toBeLessThan(Date.now() + 60_000);
    await commentOn(ben.client, tip._id, "After you left");
    expect(await sweep()).toEqual({ sent: 1 });
  });

  it("refuses a visitor, and a client that does not ask for an event stream", async () => {
    const visitor = await app.app.request("/api/events", { headers: { Accept: "text/event-stream" } });
    expect(visitor.status).toBe(401);
    const rosa = await member("Rosa");
    const json = await rosa.client.get("/api/events");
    expect(json.status).toBe(406);
    expect(json.body).toEqual({ message: "This is an event stream: ask for it as text/event-stream" });
  });
});
