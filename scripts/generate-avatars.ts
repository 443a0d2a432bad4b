/**
 * Generates one avatar per seed gardener into public/images/gardeners/<slug>.svg
 * (the file named by each gardener's `image` field), using DiceBear's "notionists" style.
 *
 * Run: npx tsx scripts/generate-avatars.ts
 *
 * Output is deterministic (the seed is the gardener's email), so re-running only rewrites identical files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { notionists } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";
import { seedGardeners } from "../src/server/db/seed-data.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "public", "images", "gardeners");
const IMAGE_PREFIX = "/images/gardeners/";

/** Soft, earthy backgrounds matching the rest of the illustrations (hex without "#"). */
const BACKGROUNDS = ["dce8cf", "f3e3cd", "e3ecd6", "e7e0ef", "d5e7e4", "f4e6c8", "e9dccb"];

/** Notionists hair variants grouped by look, so avatars roughly match each gardener's profile. */
const LONGER_HAIR = [
  "variant02",
  "variant04",
  "variant08",
  "variant10",
  "variant23",
  "variant28",
  "variant36",
  "variant37",
  "variant39",
  "variant41",
  "variant43",
  "variant45",
  "variant46",
  "variant47",
  "variant48",
  "variant57",
  "variant58",
  "variant59",
] as const;
const SHORTER_HAIR = [
  "variant05",
  "variant06",
  "variant07",
  "variant12",
  "variant13",
  "variant15",
  "variant16",
  "variant21",
  "variant24",
  "variant25",
  "variant27",
  "variant31",
  "variant34",
  "variant35",
  "variant38",
  "variant44",
  "variant49",
  "variant52",
  "variant54",
  "variant55",
  "variant56",
  "variant60",
] as const;
const ANY_HAIR = [
  "variant01",
  "variant03",
  "variant09",
  "variant11",
  "variant17",
  "variant18",
  "variant19",
  "variant20",
  "variant22",
  "variant26",
  "variant29",
  "variant30",
  "variant32",
  "variant33",
  "variant40",
] as const;
/** Light, silvery curls. */
const SILVER_HAIR = ["variant42"] as const;

function hairFor(gender: string, age: number) {
  if (age >= 70) return [...SILVER_HAIR];
  const base = gender === "Female" ? LONGER_HAIR : gender === "Male" ? SHORTER_HAIR : ANY_HAIR;
  return age >= 55 ? [...base, ...SILVER_HAIR] : [...base];
}

function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

mkdirSync(outDir, { recursive: true });

seedGardeners.forEach((gardener, index) => {
  const slug = slugify(gardener.name);
  const expected = `${IMAGE_PREFIX}${slug}.svg`;
  if (gardener.image !== expected) {
    throw new Error(`Gardener "${gardener.name}" has image ${gardener.image}, expected ${expected}`);
  }

  const svg = createAvatar(notionists, {
    seed: gardener.email,
    size: 256,
    radius: 50,
    backgroundColor: [BACKGROUNDS[index % BACKGROUNDS.length] ?? "e3ecd6"],
    backgroundType: ["solid"],
    hair: hairFor(gardener.gender, gardener.age),
    beardProbability: gardener.gender === "Male" ? 40 : 0,
    glassesProbability: gardener.age >= 55 ? 60 : 15,
    gestureProbability: 0,
    bodyIconProbability: 0,
  }).toString();

  const file = join(outDir, `${slug}.svg`);
  writeFileSync(file, `${svg}\n`, "utf8");
  console.log(`wrote ${file}`);
});

console.log(`${seedGardeners.length} avatars generated.`);
