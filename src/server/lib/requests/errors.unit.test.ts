import { APIError } from "better-auth/api";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { guardedStorage } from "../../storage/photo-storage.ts";
import { createLogger } from "../logger.ts";
import { createErrorHandler, UnavailableError } from "./errors.ts";

/** What a client and the log get when a route throws `error`. */
async function answerTo(error: Error) {
  const lines: string[] = [];
  const app = new Hono().onError(createErrorHandler(createLogger("debug", (line) => lines.push(line))));
  app.get("/api/tips", () => {
    throw error;
  });
  const res = await app.request("http://localhost/api/tips");
  return {
    status: res.status,
    retryAfter: res.headers.get("Retry-After"),
    body: await res.json(),
    levels: lines.map((line) => JSON.parse(line).level),
  };
}

/** drizzle's wrapper around what the driver threw, as a route sees it. */
const failedQuery = (cause: Error) => new DrizzleQueryError("select 1", [], cause);

describe("the answer to a fault", () => {
  it("is 503 with a wait when the database server is out of reach, noted at warn", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const refusedConnect = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
      syscall: "connect",
    });
    for (const thrown of [
      failedQuery(refused),
      failedQuery(new Error("Connection terminated unexpectedly")),
      failedQuery(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
      failedQuery(Object.assign(new Error("sorry, too many clients already"), { code: "53300" })),
      // What the pool throws when it cannot give a connection: not wrapped by drizzle.
      refusedConnect,
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new AggregateError([refusedConnect]), { code: "ECONNREFUSED" }),
      // The sign-in library's answer when it could not look a session up.
      new APIError("INTERNAL_SERVER_ERROR", {
        message: "Failed to get session",
        cause: failedQuery(refused),
      }),
    ]) {
      expect(await answerTo(thrown)).toEqual({
        status: 503,
        retryAfter: "5",
        body: {
          message:
            "The site cannot reach its database just now. Nothing was changed; please try again in a moment.",
        },
        levels: ["warn"],
      });
    }
  });

  it("is a plain 500 for a network error of something else than the database", async () => {
    const generic = {
      status: 500,
      retryAfter: null,
      body: { message: "Something went wrong on our side. Please try again in a moment." },
      levels: ["error"],
    };
    // An upload the client dropped, and a fetch to a sign-in provider whose name does not resolve.
    const dropped = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND idp.example"), {
      code: "ENOTFOUND",
      syscall: "getaddrinfo",
    });
    const fetchFailed = new TypeError("fetch failed", { cause: notFound });
    // A failed query whose values quote pg's words is still a wrong query.
    const quoting = new DrizzleQueryError(
      "insert into tips",
      ["Connection terminated"],
      Object.assign(new Error("value too long"), { code: "22001" }),
    );
    for (const thrown of [dropped, fetchFailed, quoting]) expect(await answerTo(thrown)).toEqual(generic);
  });

  it("is 503 saying the disk is full, noted at error for the operator", async () => {
    const full = Object.assign(new Error('could not extend file "base/5/16957": No space left on device'), {
      code: "53100",
    });
    expect(await answerTo(failedQuery(full))).toEqual({
      status: 503,
      retryAfter: "60",
      body: {
        message: "The server has run out of disk space, so nothing was saved. Please try again later.",
      },
      levels: ["error"],
    });
  });

  it("is the service's own 503 for an UnavailableError, and a plain 500 for anything else", async () => {
    expect(await answerTo(new UnavailableError("the storage failed", "Photos are resting.", 60))).toEqual({
      status: 503,
      retryAfter: "60",
      body: { message: "Photos are resting." },
      levels: ["warn"],
    });
    // Storage that refuses our credentials will not mend by itself: the operator must read it.
    const denied = Object.assign(new Error("Access Denied"), { name: "AccessDenied" });
    const storage = guardedStorage({
      describe: "bucket",
      put: () => Promise.reject(denied),
      get: () => Promise.reject(denied),
      delete: () => Promise.reject(denied),
      exists: () => Promise.reject(denied),
      publicUrl: (name) => name,
    });
    const refused = await storage.put("a.webp", new Uint8Array(1), "image/webp").catch((error) => error);
    expect(await answerTo(refused)).toMatchObject({ status: 503, retryAfter: "60", levels: ["error"] });
    const wrongQuery = Object.assign(new Error('relation "tipz" does not exist'), { code: "42P01" });
    expect(await answerTo(failedQuery(wrongQuery))).toEqual({
      status: 500,
      retryAfter: null,
      body: { message: "Something went wrong on our side. Please try again in a moment." },
      levels: ["error"],
    });
  });
});
