import { inArray } from "drizzle-orm";
import { rectifyConfusion } from "unicode-confusables";
import { foldLookAlikes } from "#shared/handles.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

/**
 * Who a name looks like (ADR 050). The Unicode confusable skeleton (TR39: each character mapped to the one
 * it looks like, from Unicode's own table), accents dropped, case folded, and the digits and letters people
 * swap by hand folded as handles are (src/shared/handles.ts); spaces and punctuation ignored. Two names
 * with one skeleton read alike: "Sіte Аdmin" in Cyrillic letters and "Site Adm1n" are "Site Admin".
 */
function nameSkeleton(name: string): string {
  const looks = rectifyConfusion(name.normalize("NFKD")).normalize("NFKD").replace(/\p{M}/gu, "");
  return foldLookAlikes(looks).replace(/[^\p{L}\p{N}]+/gu, "");
}

const LOOK_ALIKE_SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Cherokee"] as const;
const scriptOf = LOOK_ALIKE_SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const,
);

/**
 * Whether a word of the name mixes letters of alphabets that look alike (Latin with Cyrillic, Greek, ...):
 * no one's name is spelt so, and a name spelt so is made to pass for another.
 */
function mixesAlphabets(name: string): boolean {
  return name.split(/[\s\p{P}]+/u).some((word) => {
    const scripts = new Set<string>();
    for (const letter of word)
      for (const [script, test] of scriptOf) if (test.test(letter)) scripts.add(script);
    return scripts.size > 1;
  });
}

export const MIXED_ALPHABETS_REFUSED =
  "A word of your name mixes alphabets (Latin letters with Cyrillic or Greek ones): write each word in one";
export const TEAM_NAME_REFUSED =
  "That name reads like the name of one of the site's moderators or administrators: choose another";

/**
 * Why the account `selfId` (null at sign-up) may not take `name`, or null when it may: a name that mixes
 * alphabets within a word, or one that reads like a moderator's or administrator's name (not their own).
 */
export async function teamNameRefusal(db: Db, name: string, selfId: string | null): Promise<string | null> {
  if (mixesAlphabets(name)) return MIXED_ALPHABETS_REFUSED;
  const skeleton = nameSkeleton(name);
  if (!skeleton) return null;
  const team = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ["moderator", "administrator"]));
  return team.some((member) => member.id !== selfId && nameSkeleton(member.name) === skeleton)
    ? TEAM_NAME_REFUSED
    : null;
}
