import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FallbackImage } from "./fallback-image.tsx";

const PHOTO = "http://localhost/uploads/0123456789abcdef0123456789abcdef-1200x900.webp";

describe("FallbackImage", () => {
  it("offers an uploaded photo's narrower copies, and drops them with the photo when it fails", () => {
    render(<FallbackImage src={PHOTO} fallback="/images/default-plant.svg" alt="Peas" sizes="80px" />);
    const image = screen.getByRole("img", { name: "Peas" });
    expect(image.getAttribute("srcset")).toContain("-480w.webp 480w");
    expect(image).toHaveAttribute("sizes", "80px");
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", "/images/default-plant.svg");
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
  });

  it("shows any other URL as it is", () => {
    render(<FallbackImage src="https://images.example.com/a.jpg" fallback="/x.svg" alt="A" />);
    expect(screen.getByRole("img", { name: "A" })).not.toHaveAttribute("srcset");
  });
});
