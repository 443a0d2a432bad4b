/** Server test files that run alone, after the others (see test-groups.mjs). */
export const aloneTests: string[];
/** Server test files run again on the newest Node LTS (see test-groups.mjs). */
export const acrossNodeVersions: string[];
/** Server test files whose subject is not the database, run on PGlite only (see test-groups.mjs). */
export const onOneDatabase: string[];
