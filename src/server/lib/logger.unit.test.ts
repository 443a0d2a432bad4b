import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

const capture = () => {
  const lines: string[] = [];
  const logger = createLogger("debug", (line) => lines.push(...line.split(/\r\n|\r|\n|\u2028|\u2029/)));
  return { lines, logger };
};
const EVENT_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO |WARN |ERROR) /;

describe("the server's log", () => {
  it("writes one line per event, client text escaped, whatever the message or details hold", () => {
    const { lines, logger } = capture();
    logger.debug("GET /api/tips/x\nFORGED ERROR admin signed in");
    logger.info("state a\u0000b\r\u2028c\u0085d");
    logger.error("POST /api/tips failed", new Error("bad value /a\nFORGED ERROR y"));
    logger.warn("details", { field: "x\ny", nested: { list: ["a\tb"] } });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(EVENT_LINE);
    expect(lines[0]).toContain("GET /api/tips/x\\nFORGED ERROR admin signed in");
    expect(lines[1]).toContain("state a\\u0000b\\r\\u2028c\\u0085d");
    // The error keeps its stack, escaped onto its line.
    expect(lines[2]).toMatch(/ERROR POST \/api\/tips failed Error: bad value \/a\\nFORGED ERROR y\\n +at /);
  });

  it("leaves out what is below its level", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.debug("a client's mistake");
    logger.info("started");
    logger.warn("slow");
    logger.error("failed");
    expect(lines.map((line) => line.slice(25, 30))).toEqual(["WARN ", "ERROR"]);
  });
});
