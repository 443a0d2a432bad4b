import { describe, expect, it } from "vitest";
import { findMentions } from "./mentions.ts";

const named = (text: string) =>
  findMentions(text).map(({ handle, index, length }) => [handle, text.slice(index, index + length)]);

describe("findMentions", () => {
  it("finds @handles at the start, after spaces and punctuation, in lower case", () => {
    expect(named("@ana_b, ask (@Cy) or\n@dee_12: thanks")).toEqual([
      ["ana_b", "@ana_b"],
      ["cy", "@Cy"],
      ["dee_12", "@dee_12"],
    ]);
  });

  it("names nobody in an e-mail or web address, a word, a handle too short or too long", () => {
    expect(
      named(`ana@example.com example.com/@ana www.x.example/@bo word@cy @a @${"b".repeat(26)} @@dee`),
    ).toEqual([]);
  });
});
