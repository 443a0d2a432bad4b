/**
 * `npm run bench [-- http|search|soak|uploads|members|comments ...]`: the performance measurements of
 * docs/performance.md. Without names: `http` (public reads against a bare server, PGlite and PostgreSQL)
 * then `search` (a million tips). `soak` (ten minutes of mixed traffic), `uploads` (24 of the largest
 * photos at once), `members` (one signed-in member's reads and writes against a bare server),
 * `comments` (a tip's first page among 1,000 comments), `start` (the first start and a restart),
 * `community` (the pages that grow with the community, at 100,000 members), `notifications` (the live
 * bell with 1,000 streams open), `export` (a copy of 10,000 tips and 2 GB of photos) and `idle` (what an
 * instance nobody uses asks of its database) run only when named.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./support.ts";

const BENCHMARKS: Record<string, string> = {
  http: "bench/http.ts",
  search: "bench/search.ts",
  soak: "bench/soak.ts",
  uploads: "bench/uploads.ts",
  members: "bench/members.ts",
  comments: "bench/comments.ts",
  start: "bench/start.ts",
  community: "bench/community.ts",
  notifications: "bench/notifications.ts",
  idle: "bench/idle.ts",
  export: "bench/export.ts",
};
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const names = asked.length > 0 ? asked : ["http", "search"];
for (const name of names) {
  const file = BENCHMARKS[name];
  if (!file) {
    console.error(`No benchmark "${name}": choose from ${Object.keys(BENCHMARKS).join(", ")}`);
    process.exit(2);
  }
  console.log(`\n━━━ bench: ${name} ━━━`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(projectRoot, file)], {
    stdio: "inherit",
    cwd: projectRoot,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
