import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rowsInDump } from "./backup.ts";
import { backupName, pruneBackups } from "./backup-service.ts";

describe("the rows a dump holds", () => {
  it("are its INSERT statements, table by table, never a line inside a quoted value, whatever the schema holds", () => {
    const dump = [
      "--",
      "-- Name: keep_figures(); Type: FUNCTION; Schema: public; Owner: -",
      "--",
      "CREATE FUNCTION public.keep_figures() RETURNS trigger",
      "    AS $$",
      "BEGIN",
      "  -- the author's newest tip: an apostrophe in a comment, no quote",
      "  RETURN NULL;",
      "END;",
      "$$;",
      "--",
      "-- Data for Name: tips; Type: TABLE DATA; Schema: public; Owner: -",
      "--",
      "",
      "INSERT INTO public.tips VALUES ('a', 'It''s a line');",
      "INSERT INTO public.tips VALUES ('b', 'two lines:",
      "INSERT INTO public.tips VALUES (''forged'');",
      "-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -",
      "the end');",
      "",
      "--",
      "-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -",
      "--",
      "INSERT INTO drizzle.__drizzle_migrations VALUES (1, 'x', 2);",
      "",
      "--",
      "-- Name: tips tips_pkey; Type: CONSTRAINT; Schema: public; Owner: -",
      "--",
      "INSERT INTO public.tips VALUES ('not data');",
    ].join("\n");
    expect(rowsInDump(dump)).toEqual({ "public.tips": 2, "drizzle.__drizzle_migrations": 1 });
  });
});

describe("scheduled backups", () => {
  it("are named by their time in UTC, so the names sort by age", () => {
    expect(backupName(new Date("2026-11-29T03:15:09.123Z"))).toBe("garden-20261129T031509Z.tar.gz");
  });

  it("keep the newest BACKUP_KEEP and nothing else of the folder is touched", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "garden-backups-"));
    const names = [1, 2, 3, 4].map((day) => backupName(new Date(Date.UTC(2026, 10, day, 3))));
    for (const name of [...names, "notes.txt", "garden-by-hand.tar.gz"])
      writeFileSync(path.join(dir, name), "x");
    expect(pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
    expect(readdirSync(dir).sort()).toEqual(
      ["garden-by-hand.tar.gz", names[2], names[3], "notes.txt"].sort(),
    );
    expect(pruneBackups(path.join(dir, "none"), 2)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });
});
