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

  it("takes a latitude instead: it picks the hemisphere and typical frost dates, which stay changeable", async () => {
    const user = userEvent.setup();
    show();
    const latitude = screen.getByLabelText("Or your latitude (optional)");
    await user.type(latitude, "91");
    await user.click(screen.getByRole("button", { name: "Save where I garden" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A latitude is a number of degrees from -90 to 90");
    await user.clear(latitude);
    await user.type(latitude, "-33,87");
    expect(screen.getByRole("radio", { name: "Southern hemisphere" })).toBeChecked();
    expect(screen.getByLabelText("Last spring frost")).toHaveValue("2027-09-15");
    expect(screen.getByLabelText("First autumn frost")).toHaveValue("2027-05-15");
    fireEvent.change(screen.getByLabelText("Last spring frost"), { target: { value: "2027-09-01" } });
    await user.click(screen.getByRole("button", { name: "Save where I garden" }));
    expect(await screen.findByText("Latitude 33.9° S, last frost 1 Sept, first frost 15 May")).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem("garden-place") ?? "{}")).toMatchObject({
      hemisphere: "south",
      latitude: -33.9,
      lastFrost: "09-01",
      firstFrost: "05-15",
    });
    // The other hemisphere chosen after it: the latitude no longer says where the garden is.
    await user.click(screen.getByRole("button", { name: "Change" }));
    expect(screen.getByLabelText("Or your latitude (optional)")).toHaveValue("-33.9");
    await user.click(screen.getByRole("radio", { name: "Northern hemisphere" }));
    expect(screen.getByLabelText("Or your latitude (optional)")).toHaveValue("");
  });

  it("counts a tropical latitude's garden as frost-free", async () => {
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText("Or your latitude (optional)"), "1.3");
    expect(screen.getByRole("checkbox", { name: "It never freezes here" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save where I garden" }));
    expect(await screen.findByText("Latitude 1.3° N, no frost")).toBeVisible();
  });
});
