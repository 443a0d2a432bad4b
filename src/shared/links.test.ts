import { describe, expect, it } from "vitest";
import { findLinks } from "./links.ts";

const found = (text: string) => findLinks(text).map(({ address, href }) => [address, href]);

describe("findLinks", () => {
  it("finds addresses written from www. and leads them to https", () => {
    expect(
      found("My plot: www.example.com/plot. Also (www.seeds.example), see www.youtube.com/@ana!"),
    ).toEqual([
      ["www.example.com/plot", "https://www.example.com/plot"],
      ["www.seeds.example", "https://www.seeds.example"],
      ["www.youtube.com/@ana", "https://www.youtube.com/@ana"],
    ]);
  });

  it("finds a www. address once, inside an address with its scheme", () => {
    expect(found("https://www.example.com and http://www.example.org/x")).toEqual([
      ["https://www.example.com", "https://www.example.com"],
      ["http://www.example.org/x", "http://www.example.org/x"],
    ]);
  });

  it("says where each address starts", () => {
    const text = "See www.example.com or https://a.example";
    expect(findLinks(text).map(({ address, index }) => text.slice(index, index + address.length))).toEqual([
      "www.example.com",
      "https://a.example",
    ]);
  });

  it("never takes an e-mail address, or a bare www, for a web address", () => {
    expect(found("Write to ana@www.example.com, www.ana@example.com or ana@example.com")).toEqual([]);
    expect(found("www. www.example notwww.example.com a.www.example.com")).toEqual([]);
  });
});
