import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LikesByWeekChart, scaleTicks, TipsByCategoryChart } from "./dashboard-charts.tsx";

describe("scaleTicks", () => {
  it("counts in steps of 1, 2 or 5 times a power of ten, from 0 to at least the largest value", () => {
    expect(scaleTicks(0)).toEqual([0, 1]);
    expect(scaleTicks(1)).toEqual([0, 1]);
    expect(scaleTicks(3)).toEqual([0, 1, 2, 3]);
    expect(scaleTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(scaleTicks(12)).toEqual([0, 5, 10, 15]);
    expect(scaleTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(scaleTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("always reaches the largest value in at most four whole steps", () => {
    for (let max = 0; max <= 5000; max += max < 100 ? 1 : 37) {
      const ticks = scaleTicks(max);
      const step = ticks[1] ?? 0;
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1), String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1, String(max)).toBeLessThanOrEqual(4);
      expect(Number.isInteger(step) && step >= 1, String(max)).toBe(true);
      expect(String(step)).toMatch(/^[125]0*$/);
    }
  });
});

/** The drawing's bars: their sizes as set, in the order drawn. */
const barSizes = (container: HTMLElement, property: "width" | "height") =>
  Array.from(container.querySelectorAll<HTMLElement>("[data-chart-drawing] [style]"))
    .map((bar) => bar.style[property])
    .filter(Boolean);

describe("TipsByCategoryChart", () => {
  it("draws a bar per category with tips, the largest full length, and says the same in words and a table", () => {
    const { container } = render(
      <TipsByCategoryChart
        data={[
          { category: "Herbs", tips: 1200 },
          { category: "Flowers", tips: 300 },
          { category: "Trees", tips: 0 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Public tips by category" });
    expect(figure).toHaveTextContent("2 categories have public tips; the most are in Herbs (1,200).");
    expect(barSizes(container, "width")).toEqual(["100%", "25%"]);
    const drawing = container.querySelector("[data-chart-drawing]");
    expect(drawing).toHaveAttribute("aria-hidden", "true");
    expect(drawing).toHaveTextContent(/Herbs.*1,200.*Flowers.*300/);
    expect(drawing).not.toHaveTextContent("Trees");
    const table = within(figure).getByRole("table", { hidden: true });
    expect(
      within(table)
        .getAllByRole("row", { hidden: true })
        .map((row) => row.textContent),
    ).toEqual(["CategoryPublic tips", "Herbs1,200", "Flowers300"]);
  });

  it("says so when there is nothing to draw", () => {
    render(<TipsByCategoryChart data={[{ category: "Herbs", tips: 0 }]} />);
    expect(screen.getByRole("figure")).toHaveTextContent("No public tips yet.");
  });
});

describe("LikesByWeekChart", () => {
  const weeks = (likes: number[]) =>
    likes.map((count, index) => ({
      week: new Date(Date.UTC(2026, 8, 7 + 7 * index)).toISOString().slice(0, 10),
      likes: count,
    }));

  it("draws a column per week on a scale that reaches the busiest week", () => {
    const { container } = render(<LikesByWeekChart data={weeks([0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 7])} />);
    const figure = screen.getByRole("figure", { name: "Likes on your tips, per week" });
    expect(figure).toHaveTextContent(
      "Your tips received 11 likes in the last 12 weeks, 7 of them this week.",
    );
    // The scale runs 0, 2, 4, 6, 8: 7 likes fill seven eighths of it.
    expect(barSizes(container, "height")).toEqual([
      "0%",
      "0%",
      "37.5%",
      "0%",
      "0%",
      "0%",
      "0%",
      "0%",
      "0%",
      "0%",
      "12.5%",
      "87.5%",
    ]);
    const labels = Array.from(container.querySelectorAll("[data-chart-label]"), (label) => label.textContent);
    expect(labels.slice(0, 5)).toEqual(["0", "2", "4", "6", "8"]);
    expect(labels.slice(5)).toEqual([
      "Sep 7",
      "Sep 14",
      "Sep 21",
      "Sep 28",
      "Oct 5",
      "Oct 12",
      "Oct 19",
      "Oct 26",
      "Nov 2",
      "Nov 9",
      "Nov 16",
      "Nov 23",
    ]);
    // Each week says its own count where a pointer rests on it.
    expect(container.querySelector('[data-tip="Nov 23: 7 likes"]')).not.toBeNull();
    expect(container.querySelector('[data-tip="Nov 16: 1 like"]')).not.toBeNull();
  });

  it("keeps a scale, and says there were no likes, when there were none", () => {
    const { container } = render(<LikesByWeekChart data={weeks(Array(12).fill(0))} />);
    expect(screen.getByRole("figure")).toHaveTextContent(
      "Your tips have received no likes in the last 12 weeks.",
    );
    expect(barSizes(container, "height")).toEqual(Array(12).fill("0%"));
  });
});
