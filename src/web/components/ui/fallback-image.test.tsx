import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import { anUpload } from "#web/test/msw.ts";
import { Avatar } from "./avatar.tsx";
import { FallbackImage } from "./fallback-image.tsx";

const PHOTO = "http://localhost/uploads/0123456789abcdef0123456789abcdef-1200x900.webp";

describe("FallbackImage", () => {
  it("offers an uploaded photo's narrower copies, and drops them with the photo when it fails", () => {
    const { srcSet } = anUpload("0123456789abcdef0123456789abcdef", 1200, 900);
    render(
      <FallbackImage
        src={PHOTO}
        photo={{ srcSet }}
        fallback="/images/default-plant.svg"
        alt="Peas"
        sizes="80px"
      />,
    );
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

describe("An avatar whose photo failed before the page's script took over", () => {
  it("shows the default avatar, not a broken image", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Avatar src="https://photos.example/gone.jpg" name="Rosa B" />);
    document.body.append(container);
    // The browser tried the photo as the server's HTML arrived, and failed, before React listened.
    const image = container.querySelector("img") as HTMLImageElement;
    Object.defineProperty(image, "complete", { value: true });
    image.dispatchEvent(new Event("error"));
    const root = await act(async () =>
      hydrateRoot(container, <Avatar src="https://photos.example/gone.jpg" name="Rosa B" />),
    );
    try {
      expect(screen.getByRole("img", { name: "Rosa B" })).toHaveAttribute("src", DEFAULT_AVATAR_IMAGE);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("keeps a photo that is still loading, or has loaded", async () => {
    render(<Avatar src="https://photos.example/me.jpg" name="Rosa B" />);
    expect(screen.getByRole("img", { name: "Rosa B" })).toHaveAttribute(
      "src",
      "https://photos.example/me.jpg",
    );
  });
});
