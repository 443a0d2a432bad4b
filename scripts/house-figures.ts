// `npm test` runs this: the figures that say how easily the next engineer can change the house, each
// beside its target. A figure above its ceiling (what main had when the ceiling was last lowered) fails
// the run: the house may only get easier to change. Lower a ceiling when a figure improves.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(dir, file));
}
const isTest = (file: string) => /\.test\.tsx?$|\/test\//.test(file);
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const src = sourceFiles("src");
const code = src.filter((file) => !isTest(file));

/** Files that list three or more of the site's pages by path: each is a list a new page must join. */
function pageLists(): number {
  const declared = [...read("src/web/config/paths.ts").matchAll(/\bpath: "([^"]+)"/g)]
    .map((match) => match[1] ?? "")
    .filter((page) => page !== "/");
  return code.filter((file) => {
    const text = read(file);
    return declared.filter((page) => text.includes(`"${page}"`)).length >= 3;
  }).length;
}

/** Places in the server that decide something about an API route by comparing its path with a string. */
function apiPathTables(): number {
  const compared = /(===|!==|startsWith\(|except:\s*\[)\s*["'`]\/api\/(?!auth\/)/g;
  return code
    .filter((file) => file.startsWith("src/server/"))
    .reduce((sum, file) => sum + [...read(file).matchAll(compared)].length, 0);
}

/** Places that read a photo's hash back out of its URL, in TypeScript or in SQL. */
function photoUrlParsing(): number {
  const parsing = /parsePhotoUrl\(|photoHashOf\b|~ '\/uploads\//g;
  // An import names the parser without parsing anything.
  const withoutImports = (text: string) => text.replace(/^import [^;]*;$/gms, "");
  return code.reduce((sum, file) => sum + [...withoutImports(read(file)).matchAll(parsing)].length, 0);
}

/** Casts of a raw statement's rows instead of parsing them (`rowsOf`). */
function rawSqlCasts(): number {
  return src.reduce((sum, file) => sum + [...read(file).matchAll(/as (unknown as )?\{ rows/g)].length, 0);
}

/** The longest server file that is not a test, and its length in lines. */
function largestServerFile(): { file: string; lines: number } {
  return code
    .filter((file) => file.startsWith("src/server/"))
    .map((file) => ({ file, lines: read(file).split("\n").length }))
    .reduce((a, b) => (b.lines > a.lines ? b : a));
}

/** The lines of `createApp`, from its signature to its closing brace. */
function createAppLines(): number {
  const lines = read("src/server/app.ts").split("\n");
  const start = lines.findIndex((line) => line.startsWith("export function createApp("));
  const end = lines.findIndex((line, n) => n > start && line === "}");
  return end - start + 1;
}

/** Pairs of repeated code in src that are not boilerplate, when the `duplicates` command is on this machine. */
function duplicatePairs(): number | null {
  try {
    const out = execFileSync("duplicates", ["--repo", "src", "--most", "200", "--seconds", "60"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out.split("\n").filter((line) => /^D\d+ /.test(line) && !line.includes("boilerplate")).length;
  } catch {
    return null;
  }
}

const largest = largestServerFile();
const figures: Array<{ what: string; value: number | null; target: number; ceiling: number; note?: string }> =
  [
    { what: "lists a new page must be added to", value: pageLists(), target: 1, ceiling: 1 },
    { what: "path tables of API route needs", value: apiPathTables(), target: 0, ceiling: 0 },
    { what: "places that parse a photo's URL", value: photoUrlParsing(), target: 0, ceiling: 0 },
    { what: "casts of raw SQL rows", value: rawSqlCasts(), target: 0, ceiling: 0 },
    { what: "duplicate pairs in src (not boilerplate)", value: duplicatePairs(), target: 20, ceiling: 18 },
    {
      what: "lines of the largest server file",
      value: largest.lines,
      target: 349,
      ceiling: 349,
      note: largest.file,
    },
    { what: "lines of createApp", value: createAppLines(), target: 40, ceiling: 38 },
  ];

let over = 0;
for (const { what, value, target, ceiling, note } of figures) {
  const shown = value === null ? "not measured (no `duplicates` command here)" : String(value);
  const mark = value === null ? " " : value > ceiling ? "✗" : value <= target ? "✓" : "·";
  if (value !== null && value > ceiling) over += 1;
  console.log(`${mark} ${what}: ${shown} (target ${target}, ceiling ${ceiling})${note ? ` — ${note}` : ""}`);
}
if (over > 0) {
  console.error(`\n${over} figure(s) above their ceiling: the change made the house harder to change.`);
  process.exit(1);
}
