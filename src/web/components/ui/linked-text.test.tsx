import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text.tsx";

describe("LinkedText", () => {
  it("makes web addresses links that pass no ranking or window, the sentence's punctuation left out", () => {
    const { container } = render(
      <LinkedText
        text={"My plot: https://example.com/plot.\n(Seeds from https://seeds.example/a_(b)), thanks!"}
      />,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.com/plot",
      "https://seeds.example/a_(b)",
    ]);
    for (const link of links) expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
    expect(container.textContent).toBe(
      "My plot: https://example.com/plot.\n(Seeds from https://seeds.example/a_(b)), thanks!",
    );
  });

  it("makes an address written from www. a link over https, and leaves e-mail addresses as text", () => {
    const text = "Blog: www.example.com/blog. Mail ana@example.com or ana@www.example.com.";
    const { container } = render(<LinkedText text={text} />);
    const link = screen.getByRole("link", { name: "www.example.com/blog" });
    expect(link).toHaveAttribute("href", "https://www.example.com/blog");
    expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(container.textContent).toBe(text);
  });

  it("keeps markup, scripts and other schemes as inert text", () => {
    const text = `<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> javascript:alert(2) data:text/html,hi`;
    const { container } = render(<LinkedText text={text} />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryAllByRole("link")).toEqual([]);
  });

  it("links nothing in a bare scheme", () => {
    render(<LinkedText text="see https:// and http://." />);
    expect(screen.queryAllByRole("link")).toEqual([]);
  });

  it("with mentions, leads an @handle to its gardener page; not one in an e-mail or web address", () => {
    const text = "Thanks @Ana_B and @cy! Mail ana@example.com, see https://example.com/@ana or @x.";
    const { container } = render(
      <MemoryRouter>
        <LinkedText text={text} mentions />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["@Ana_B", "/gardeners/ana_b"],
      ["@cy", "/gardeners/cy"],
      ["https://example.com/@ana", "https://example.com/@ana"],
    ]);
    expect(container.textContent).toBe(text);
  });

  it("without mentions, leaves an @handle as text", () => {
    render(<LinkedText text="Thanks @ana" />);
    expect(screen.queryAllByRole("link")).toEqual([]);
  });
});
