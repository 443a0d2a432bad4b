import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "#web/test/render.tsx";
import { GardenCalendar } from "./garden-calendar.tsx";

const show = () => renderRoutes([{ path: "/calendar", element: <GardenCalendar /> }], { route: "/calendar" });

/** The names of the crops under a heading of the week's list. */
const cropsUnder = (section: HTMLElement, task: string) =>
  within(within(section).getByRole("heading", { name: task }).parentElement as HTMLElement)
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the garden calendar, for a visitor", () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-03-03T10:00:00Z") });
  });
  afterEach(() => vi.useRealTimers());

  it("asks where they garden, then says what to sow this week there, kept in the browser", async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole("button", { name: "Save where I garden" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose your hemisphere");

    await user.click(screen.getByRole("radio", { name: "Northern hemisphere" }));
    fireEvent.change(screen.getByLabelText("Last spring frost"), { target: { value: "2027-04-20" } });
    fireEvent.change(screen.getByLabelText("First autumn frost"), { target: { value: "2027-10-20" } });
    await user.click(screen.getByRole("button", { name: "Save where I garden" }));

    const week = await screen.findByRole("region", { name: /^Sow this week, Mon 1 Mar to Sun 7 Mar/ });
    expect(cropsUnder(week, "Sow indoors")).toContain("Tomato");
    expect(
      screen.getByText("Northern hemisphere, last frost 20 Apr, first frost 20 Oct"),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("garden-place") ?? "{}")).toMatchObject({
      hemisphere: "north",
      lastFrost: "04-20",
    });
  });

  it("says otherwise on the same day in the southern hemisphere", async () => {
    window.localStorage.setItem(
      "garden-place",
      JSON.stringify({ hemisphere: "south", frostFree: false, lastFrost: "10-01", firstFrost: "04-20" }),
    );
    show();
    const week = await screen.findByRole("region", { name: /^Sow this week/ });
    expect(within(week).queryByRole("link", { name: "Tomato" })).toBeNull();
    expect(cropsUnder(week, "Sow for autumn and winter")).toContain("Spinach");
  });
});
