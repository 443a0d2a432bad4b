// `npm start`: builds the site when the sources changed since the last build, then serves it.
import { spawnSync } from "node:child_process";
import { isBuildCurrent, markBuilt } from "./build-state.mjs";

process.chdir(new URL("..", import.meta.url).pathname);

if (!isBuildCurrent()) {
  console.log("Building Gardening Community (first start or sources changed)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  markBuilt();
}

process.env.NODE_ENV ??= "production";
await import("../dist/server/server.mjs");
