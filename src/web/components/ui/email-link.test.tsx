import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailLink } from "./email-link.tsx";

describe("EmailLink", () => {
  it("links the whole address, with break opportunities only after the @ and before each dot", () => {
    render(<EmailLink email="maya.okafor@mail.example.com" />);
    const link = screen.getByRole("link", { name: "maya.okafor@mail.example.com" });
    expect(link).toHaveAttribute("href", "mailto:maya.okafor@mail.example.com");
    // What sits between the <wbr> elements: the places a line may end.
    const parts = link.innerHTML
      .replace(/<(?!wbr)[^>]*>/g, "")
      .split("<wbr>")
      .filter(Boolean);
    expect(parts).toEqual(["maya", ".okafor@", "mail", ".example", ".com"]);
  });
});
