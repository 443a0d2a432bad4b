// Part of `npm run build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
// text file of the built web app worth compressing, so the server sends them as they are, by the
// browser's Accept-Encoding, without compressing on every request (ADR 022).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = new URL("../dist/web", import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(root, { recursive: true })) {
  const file = path.join(root, String(name));
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `Compressed ${files} files of dist/web: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli`,
);
