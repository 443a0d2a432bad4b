import { spawnSync } from "node:child_process";
import { isBuildCurrent, markBuilt } from "../scripts/build-state.mjs";
import { projectRoot } from "../src/server/lib/paths.ts";

export { projectRoot };

/** The benchmarks measure the production build: build it first when the sources changed. */
export function ensureBuilt() {
  process.chdir(projectRoot);
  if (isBuildCurrent()) return;
  console.log("Building the production bundle first…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
  markBuilt();
}
