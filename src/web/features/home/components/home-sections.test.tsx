import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SuccessStoriesSection } from "./success-stories-section.tsx";
import { UpcomingEventsSection } from "./upcoming-events-section.tsx";

// jsdom has no object URLs: record the Blobs handed over and answer blob: URLs for them.
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;
let blobs: Map<string, Blob>;
const createObjectURL = vi.fn((blob: Blob) => {
  const url = `blob:http://localhost/${blobs.size + 1}`;
  blobs.set(url, blob);
  return url;
});
const revokeObjectURL = vi.fn();

beforeEach(() => {
  blobs = new Map();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe("UpcomingEventsSection", () => {
  // Each event at its next occurrence, so it is always upcoming. On June 10, 2026 the seed swap (June 7) is
  // over, so it is next year's and comes last. Only Date is faked: the Blob reads and React still use real
  // timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 5, 10, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const expected = [
    {
      title: "Community Garden Work Day",
      date: "Sunday, June 14, 2026",
      time: "09:00 – 12:00",
      label: "Join",
      dtstart: "20260614T090000",
    },
    {
      title: "Hydroponics for Beginners Workshop",
      date: "Thursday, June 25, 2026",
      time: "18:30 – 20:30",
      label: "Register",
      dtstart: "20260625T183000",
    },
    {
      title: "Summer Seed Swap",
      date: "Monday, June 7, 2027",
      time: "10:00 – 13:00",
      label: "Register",
      dtstart: "20270607T100000",
    },
  ];

  it("is the #events section with the three June events at their next occurrence", () => {
    render(<UpcomingEventsSection />);
    const section = screen.getByRole("region", { name: "Upcoming Events" });
    expect(section).toHaveAttribute("id", "events");
    expect(within(section).getByRole("heading", { level: 2, name: "Upcoming Events" })).toBeInTheDocument();

    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(3);
    expected.forEach((event, index) => {
      const card = cards[index] as HTMLElement;
      expect(within(card).getByRole("heading", { level: 3, name: event.title })).toBeInTheDocument();
      expect(card).toHaveTextContent(event.date);
      expect(card).toHaveTextContent(event.time);
    });
    expect(cards[2]).toHaveTextContent("Riverside Library, Community Room, 12 Elm Street");
    expect(cards[0]).toHaveTextContent(/weed the shared beds/);
    expect(within(cards[2] as HTMLElement).getByText("Monday, June 7, 2027")).toHaveAttribute(
      "datetime",
      "2027-06-07",
    );
  });

  it("offers each event as a downloadable .ics file named after it", async () => {
    render(<UpcomingEventsSection />);
    for (const event of expected) {
      const link = screen.getByRole("link", { name: `${event.label} · Add to calendar: ${event.title}` });
      // What is seen says "Add to calendar" and starts the accessible name (WCAG 2.5.3, label in name).
      expect(link).toHaveTextContent(`${event.label} · Add to calendar`, { normalizeWhitespace: true });
      expect(link.textContent).toBe(`${event.label} · Add to calendar`);
      expect(link.getAttribute("download")).toMatch(/^[a-z0-9-]+\.ics$/);
      const href = link.getAttribute("href") ?? "";
      expect(href).toMatch(/^blob:/);

      const blob = blobs.get(href);
      expect(blob?.type).toMatch(/^text\/calendar/);
      const ics = await readBlob(blob as Blob);
      expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:${event.title}\r\n`);
      expect(ics).toContain(`DTSTART:${event.dtstart}\r\n`);
    }
    expect(screen.getByRole("link", { name: /Summer Seed Swap/ })).toHaveAttribute(
      "download",
      "summer-seed-swap.ics",
    );
    expect(screen.getAllByText("Adds the event to your calendar (.ics file).")).toHaveLength(3);
  });

  it("revokes its object URLs when it unmounts", () => {
    const { unmount } = render(<UpcomingEventsSection />);
    const urls = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(revokeObjectURL).not.toHaveBeenCalled();
    unmount();
    expect(revokeObjectURL.mock.calls.map(([url]) => url).sort()).toEqual([...urls].sort());
  });
});

describe("SuccessStoriesSection", () => {
  it("shows three before-and-after stories with their tips", () => {
    render(<SuccessStoriesSection />);
    const section = screen.getByRole("region", { name: "Success Stories" });
    expect(within(section).getByRole("heading", { level: 2, name: "Success Stories" })).toBeInTheDocument();

    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(3);
    const headlines = [
      "From a bare backyard to a vegetable garden",
      "From an empty balcony to a container herb garden",
      "From a vacant lot to a community garden",
    ];
    cards.forEach((card, index) => {
      const n = index + 1;
      expect(within(card).getByRole("heading", { level: 3 })).toBeInTheDocument();
      expect(card).toHaveTextContent(headlines[index] as string);
      expect(card).toHaveTextContent(/’s tip:/);

      const [before, after] = within(card).getAllByRole("img");
      expect(before).toHaveAttribute("src", `/images/stories/${n}-before.svg`);
      expect(after).toHaveAttribute("src", `/images/stories/${n}-after.svg`);
      expect(within(card).getByText("Before")).toBeInTheDocument();
      expect(within(card).getByText("After")).toBeInTheDocument();
    });
  });

  it("describes all six pictures and reserves their size while they load lazily", () => {
    render(<SuccessStoriesSection />);
    const images = screen.getAllByRole("img");
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(image.getAttribute("alt")?.length).toBeGreaterThan(40);
      expect(image).toHaveAttribute("width", "800");
      expect(image).toHaveAttribute("height", "600");
      expect(image).toHaveAttribute("loading", "lazy");
    }
    expect(screen.getByRole("img", { name: /Priya's backyard before/ })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Daniel's balcony after/ })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /^The vacant lot before/ })).toBeInTheDocument();
  });
});
