import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.ts";

/** What clientIp answers for a request with these X-Forwarded-For headers (app.request has no socket). */
async function ipOf(trustProxy: number, forwardedFor?: string) {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, trustProxy)));
  const res = await app.request("/", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
  return res.text();
}

describe("clientIp", () => {
  it("ignores X-Forwarded-For unless proxies are trusted: a client cannot choose its own address", async () => {
    expect(await ipOf(0, "203.0.113.9")).toBe("local");
    expect(await ipOf(0)).toBe("local");
  });

  it("takes the address the nearest trusted proxy saw, never one the client wrote", async () => {
    // The client forged the first entry; the one proxy appended the address it really saw.
    expect(await ipOf(1, "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(await ipOf(1, "198.51.100.7")).toBe("198.51.100.7");
    // Two proxies: the outer one saw the client, the inner one saw the outer proxy.
    expect(await ipOf(2, "6.6.6.6, 198.51.100.7, 10.0.0.2")).toBe("198.51.100.7");
  });

  it("falls back to the socket when a trusted proxy sent no header", async () => {
    expect(await ipOf(1)).toBe("local");
    expect(await ipOf(1, " , ")).toBe("local");
  });
});
