import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "#shared/schemas/settings.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { NotificationSettings } from "./notification-settings.tsx";

/** The settings the server keeps: each PATCH changes them, or is refused with `refusal`. */
function settingsServer(refusal?: string) {
  let kept = { ...DEFAULT_SETTINGS };
  const sent: unknown[] = [];
  server.use(
    http.get("*/api/settings", () => HttpResponse.json(kept)),
    http.patch("*/api/settings", async ({ request }) => {
      const change = (await request.json()) as Partial<Settings>;
      sent.push(change);
      if (refusal) return HttpResponse.json({ message: refusal }, { status: 400 });
      kept = { ...kept, ...change };
      return HttpResponse.json(kept);
    }),
  );
  return { sent, kept: () => kept };
}

const show = () =>
  renderRoutes([{ path: "/profile", element: <NotificationSettings /> }], { route: "/profile" });

describe("Notification settings", () => {
  it("turn a kind off in the site, and say so", async () => {
    signInAs(aUser());
    const { sent } = settingsServer();
    show();
    const inSite = await screen.findByRole("group", { name: "In the site" });
    const likes = within(inSite).getByRole("checkbox", { name: "Likes on my tips" });
    await userEvent.click(likes);
    expect(likes).not.toBeChecked();
    expect(await screen.findByText("Likes on my tips: off")).toBeInTheDocument();
    expect(sent).toEqual([{ mutedKinds: ["like"] }]);
  });

  it("show a refused choice as it was, with the server's reason", async () => {
    signInAs(aUser());
    settingsServer("mutedKinds must be a list");
    show();
    const follows = await screen.findByRole("checkbox", { name: "New followers" });
    await userEvent.click(follows);
    expect(await screen.findByText("Not saved: mutedKinds must be a list")).toBeInTheDocument();
    await waitFor(() => expect(follows).toBeChecked());
  });

  it("hold e-mails at night in the browser's time zone, and take new hours", async () => {
    signInAs(aUser());
    const { sent, kept } = settingsServer();
    show();
    const quiet = await screen.findByRole("group", { name: "Quiet hours" });
    await userEvent.click(within(quiet).getByRole("checkbox", { name: "Hold e-mails during quiet hours" }));
    await waitFor(() => expect(kept().quietHours).toEqual({ from: "22:00", to: "07:00" }));
    expect(sent[0]).toMatchObject({ timeZone: expect.any(String) });
    const until = await within(quiet).findByLabelText("Until");
    await userEvent.clear(until);
    await userEvent.type(until, "06:30");
    await userEvent.click(within(quiet).getByRole("button", { name: "Save hours" }));
    await waitFor(() => expect(kept().quietHours).toEqual({ from: "22:00", to: "06:30" }));
  });

  it("refuse quiet hours that end when they start, before asking the server", async () => {
    signInAs(aUser());
    const { sent } = settingsServer();
    show();
    const quiet = await screen.findByRole("group", { name: "Quiet hours" });
    await userEvent.click(within(quiet).getByRole("checkbox", { name: "Hold e-mails during quiet hours" }));
    const until = await within(quiet).findByLabelText("Until");
    await userEvent.clear(until);
    await userEvent.type(until, "22:00");
    expect(within(quiet).getByText("Quiet hours must end at another time than they start.")).toBeVisible();
    expect(within(quiet).getByRole("button", { name: "Save hours" })).toBeDisabled();
    expect(sent).toHaveLength(1);
  });

  it("choose a daily summary, a weekly one's day, or none", async () => {
    signInAs(aUser());
    const { kept } = settingsServer();
    show();
    const summary = await screen.findByRole("group", { name: "Summary of what you missed" });
    await userEvent.selectOptions(within(summary).getByLabelText("On"), "Thursday");
    await waitFor(() => expect(kept().summaryDay).toBe(4));
    await userEvent.selectOptions(within(summary).getByLabelText("How often"), "Daily");
    await waitFor(() => expect(kept()).toMatchObject({ emailSummary: true, summaryEvery: "daily" }));
    expect(within(summary).queryByLabelText("On")).not.toBeInTheDocument();
    await userEvent.selectOptions(within(summary).getByLabelText("How often"), "Off");
    await waitFor(() => expect(kept().emailSummary).toBe(false));
  });
});
