import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Gardener } from "#shared/schemas/gardener.ts";
import { renderWithProviders as render } from "#web/test/render.tsx";
import { GardenerCard } from "./gardener-card.tsx";

const full: Gardener = {
  id: 1,
  handle: "maya_okafor",
  name: "Maya Okafor",
  image: "https://images.example.com/maya.png",
  status: "active",
  email: "maya@example.com",
  age: 34,
  gender: "Female",
  experiences: "9 years",
  location: "Portland, Oregon",
  certifications: ["Master Gardener", "Permaculture Design Certificate"],
  gardenName: "The Bramble Patch",
  youtube: "https://www.youtube.com/@mayagrows",
  totalSharedTips: 8,
};

describe("GardenerCard", () => {
  it("shows every field of a gardener", () => {
    render(<GardenerCard gardener={full} />);
    const card = screen.getByRole("article");
    expect(within(card).getByRole("heading", { name: "Maya Okafor" })).toBeInTheDocument();
    for (const text of [
      "maya@example.com",
      "34",
      "Female",
      "9 years",
      "Portland, Oregon",
      "The Bramble Patch",
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(card).toHaveTextContent("Master Gardener, Permaculture Design Certificate");
    expect(card).toHaveTextContent("Total Shared Tips: 8");
    expect(card).toHaveTextContent("active");
    const youtube = within(card).getByRole("link", { name: /YouTube/ });
    expect(youtube).toHaveAttribute("href", "https://www.youtube.com/@mayagrows");
    expect(youtube).toHaveAttribute("target", "_blank");
    expect(youtube).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(card).getByRole("img", { name: "Portrait of Maya Okafor" })).toHaveAttribute(
      "src",
      full.image,
    );
  });

  it("links the name to the gardener's page and shows the handle", () => {
    render(<GardenerCard gardener={full} />);
    const card = screen.getByRole("article");
    expect(within(card).getByRole("link", { name: "Maya Okafor" })).toHaveAttribute(
      "href",
      "/gardeners/maya_okafor",
    );
    expect(card).toHaveTextContent("@maya_okafor");
  });

  it("carries a badge for the team, and none for a member", () => {
    const { unmount } = render(
      <GardenerCard gardener={{ ...full, id: "ivy", handle: "ivy", role: "moderator" }} />,
    );
    expect(within(screen.getByRole("article")).getByText("Moderator")).toBeInTheDocument();
    unmount();
    render(<GardenerCard gardener={full} />);
    expect(screen.getByRole("article")).not.toHaveTextContent(/Moderator|Administrator/);
  });

  it("shows a member's card without an e-mail, age or gender they did not give", () => {
    const { email, ...withoutEmail } = full;
    render(
      <GardenerCard
        gardener={{
          ...withoutEmail,
          id: "rosa_b",
          handle: "rosa_b",
          name: "Rosa B",
          age: null,
          gender: null,
        }}
      />,
    );
    const card = screen.getByRole("article");
    expect(within(card).getByRole("link", { name: "Rosa B" })).toHaveAttribute("href", "/gardeners/rosa_b");
    expect(within(card).queryByRole("link", { name: /@|mail/i })).toBeNull();
    expect(card).not.toHaveTextContent("Email");
    expect(card).not.toHaveTextContent("Age");
    expect(card).not.toHaveTextContent("Gender");
  });

  it("names a gardener without a page in plain text", () => {
    render(<GardenerCard gardener={{ ...full, handle: null }} />);
    const card = screen.getByRole("article");
    expect(within(card).getByRole("heading", { name: "Maya Okafor" })).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Maya Okafor" })).toBeNull();
  });

  it("leaves out empty optional fields", () => {
    const { location, certifications, gardenName, youtube, ...rest } = full;
    render(<GardenerCard gardener={{ ...rest, totalSharedTips: 0 }} />);
    const card = screen.getByRole("article");
    expect(card).not.toHaveTextContent("Location");
    expect(card).not.toHaveTextContent("Certifications");
    expect(card).not.toHaveTextContent("The Bramble Patch");
    expect(within(card).queryByRole("link", { name: /YouTube/ })).toBeNull();
    expect(card).toHaveTextContent("Total Shared Tips: 0");
  });

  it("falls back to the default avatar when the photo fails to load", () => {
    render(<GardenerCard gardener={full} />);
    const image = screen.getByRole("img", { name: "Portrait of Maya Okafor" });
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", "/images/default-avatar.svg");
  });

  it("renders text that looks like HTML as text", () => {
    render(<GardenerCard gardener={{ ...full, name: "<img src=x onerror=alert(1)>" }} />);
    expect(screen.getByRole("heading", { name: "<img src=x onerror=alert(1)>" })).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("gives a member's YouTube address no ranking, as every link a member writes", () => {
    const { email, ...member } = full;
    render(<GardenerCard gardener={{ ...member, id: "maya_o", handle: "maya_o" }} />);
    const youtube = within(screen.getByRole("article")).getByRole("link", { name: /YouTube/ });
    expect(youtube).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
  });
});
