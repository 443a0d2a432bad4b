// Part of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built
// web app worth compressing, with the server's own compressor at its build effort, so the server sends
// them as they are, by the browser's Accept-Encoding, without compressing on every request (ADR 022).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { COMPRESS_FROM, compress } from "../src/server/lib/requests/negotiate.ts";

const root = new URL("../dist/web", import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(root, { recursive: true })) {
  const file = path.join(root, String(name));
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const body = readFileSync(file);
  if (body.length < COMPRESS_FROM) continue;
  const br = compress(body, "br", "build");
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, compress(body, "gzip", "build"));
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `Compressed ${files} files of dist/web: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli`,
);
