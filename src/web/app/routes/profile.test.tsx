import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#shared/schemas/settings.ts";
import { anUpload, aProfile, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ProfileRoute } from "./profile.tsx";

const HASH = "fedcba9876543210fedcba9876543210";
const UPLOADED = "http://localhost/uploads/fedcba9876543210fedcba9876543210-800x800.webp";

describe("Profile photo from the device", () => {
  // First in the file: the toaster outlives a test, and no other toast may be there yet.
  it("Save changes pressed mid-upload waits for the photo, then saves it and only then says so", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const saved: unknown[] = [];
    server.use(
      http.post("*/api/uploads", async () => {
        await answered;
        return HttpResponse.json(anUpload(HASH, 800, 800), { status: 201 });
      }),
      http.post("*/api/auth/update-user", async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    await userEvent.upload(await screen.findByLabelText("Photo file"), file);
    // Only the photo changed, and it is still on its way: Save is offered all the same.
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("button", { name: /^Uploading photo \d+ %/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(saved).toEqual([]);
    expect(screen.queryByText("Profile updated")).not.toBeInTheDocument();
    answer();
    await waitFor(() => expect(saved).toEqual([{ name: "Rowan Ellis", image: UPLOADED }]));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
  });

  it("uploads the chosen photo, shows it as the avatar and saves its URL", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    let saved: unknown = null;
    server.use(
      http.post("*/api/uploads", () => HttpResponse.json(anUpload(HASH, 800, 800), { status: 201 })),
      http.post("*/api/auth/update-user", async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    await userEvent.upload(await screen.findByLabelText("Photo file"), file);
    const avatar = screen.getByRole("img", { name: "Preview of your profile photo" });
    await waitFor(() => expect(avatar).toHaveAttribute("src", UPLOADED));
    // The uploaded photo's address is not put in front of the member to edit.
    expect(screen.queryByLabelText("Profile photo url")).not.toBeInTheDocument();
    expect(avatar.getAttribute("srcset")).toContain("fedcba9876543210fedcba9876543210-480w.webp 480w");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saved).toEqual({ name: "Rowan Ellis", image: UPLOADED }));
  });

  it("Remove photo goes back to the default avatar and saves no photo", async () => {
    const me = aUser({ name: "Rowan Ellis", image: UPLOADED });
    signInAs(me);
    let saved: unknown = null;
    server.use(
      http.post("*/api/auth/update-user", async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    await userEvent.click(await screen.findByRole("button", { name: "Remove photo" }));
    expect(screen.getByRole("img", { name: "Preview of your profile photo" })).not.toHaveAttribute(
      "src",
      UPLOADED,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saved).toEqual({ name: "Rowan Ellis", image: null }));
  });

  it("after a cancelled upload stopped a save, saving again saves and the old reason goes", async () => {
    signInAs(aUser({ name: "Rowan Ellis" }));
    const saved: unknown[] = [];
    server.use(
      http.post("*/api/uploads", () => new Promise<Response>(() => {})),
      http.post("*/api/auth/update-user", async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const name = await screen.findByLabelText("Display name");
    await userEvent.clear(name);
    await userEvent.type(name, "Rowan Hale");
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Photo file"), file);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing was saved");
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saved).toEqual([{ name: "Rowan Hale", image: null }]));
    expect(screen.queryByText(/Nothing was saved/)).not.toBeInTheDocument();
  });
});

describe("Your gardener page", () => {
  it("saves the handle, bio and card fields as typed, and offers the page", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    let sent: unknown = null;
    let current = aProfile(me);
    server.use(
      http.get("*/api/profile", () => HttpResponse.json(current)),
      http.patch("*/api/profile", async ({ request }) => {
        sent = await request.json();
        current = aProfile(me, {
          handle: "rowan_grows",
          bio: "Clay soil",
          certifications: ["RHS Level 2", "Compost"],
          age: 41,
          listed: false,
        });
        return HttpResponse.json(current);
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const form = await screen.findByRole("form", { name: "Your gardener page" });
    expect(within(form).getByRole("link", { name: "See your page" })).toHaveAttribute(
      "href",
      "/gardeners/rowan_ellis",
    );
    await userEvent.clear(within(form).getByLabelText("Handle"));
    await userEvent.type(within(form).getByLabelText("Handle"), "Rowan_Grows");
    await userEvent.type(within(form).getByLabelText("Bio"), "Clay soil");
    await userEvent.type(within(form).getByLabelText("Certifications"), "RHS Level 2{Enter}Compost{Enter}");
    await userEvent.type(within(form).getByLabelText("Age"), "41");
    await userEvent.click(within(form).getByLabelText(/List me on Explore Gardeners/));
    await userEvent.click(within(form).getByRole("button", { name: "Save gardener page" }));
    expect(await screen.findByText("Gardener page saved")).toBeInTheDocument();
    expect(sent).toEqual({
      handle: "rowan_grows",
      bio: "Clay soil",
      location: null,
      experiences: null,
      gardenName: null,
      gender: null,
      youtube: null,
      age: 41,
      certifications: ["RHS Level 2", "Compost"],
      listed: false,
    });
    expect(within(form).getByRole("link", { name: "See your page" })).toHaveAttribute(
      "href",
      "/gardeners/rowan_grows",
    );
  });

  it("says a taken handle beside it and keeps everything typed", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    server.use(
      http.patch("*/api/profile", () =>
        HttpResponse.json({ message: "That handle is taken; choose another" }, { status: 409 }),
      ),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const form = await screen.findByRole("form", { name: "Your gardener page" });
    const handle = within(form).getByLabelText("Handle");
    await userEvent.clear(handle);
    await userEvent.type(handle, "taken_one");
    await userEvent.type(within(form).getByLabelText("Location"), "Leeds");
    await userEvent.click(within(form).getByRole("button", { name: "Save gardener page" }));
    expect(await within(form).findByText("That handle is taken; choose another")).toBeInTheDocument();
    expect(handle).toHaveAttribute("aria-invalid", "true");
    expect(handle).toHaveValue("taken_one");
    expect(within(form).getByLabelText("Location")).toHaveValue("Leeds");
  });

  it("refuses a malformed or reserved handle before sending anything", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    let sent = 0;
    server.use(
      http.patch("*/api/profile", () => {
        sent++;
        return HttpResponse.json(aProfile(me));
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const form = await screen.findByRole("form", { name: "Your gardener page" });
    const handle = within(form).getByLabelText("Handle");
    for (const [typed, message] of [
      ["a b", "A handle is 2 to 25 characters: letters a-z, digits and underscores"],
      ["admin", "That handle is reserved; choose another"],
    ] as const) {
      await userEvent.clear(handle);
      await userEvent.type(handle, typed);
      await userEvent.click(within(form).getByRole("button", { name: "Save gardener page" }));
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(sent).toBe(0);
  });
});

describe("Your garden", () => {
  it("takes a latitude instead of the hemisphere, and refuses one on the other side of the equator", async () => {
    const me = aUser({ name: "Kiri Wells" });
    signInAs(me);
    const sent: unknown[] = [];
    server.use(
      http.patch("*/api/settings", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...DEFAULT_SETTINGS, ...body, hemisphere: "south" });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const form = await screen.findByRole("form", { name: "Your garden" });
    const latitude = within(form).getByLabelText("Latitude (optional)");
    await userEvent.type(latitude, "51.5");
    await userEvent.selectOptions(within(form).getByLabelText("Hemisphere"), "south");
    await userEvent.click(within(form).getByRole("button", { name: "Save garden settings" }));
    expect(await within(form).findByText(/Your latitude is in the other hemisphere/)).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.clear(latitude);
    await userEvent.type(latitude, "-41,3");
    await userEvent.click(within(form).getByRole("button", { name: "Save garden settings" }));
    expect(await screen.findByText("Your garden's settings are saved")).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ latitude: -41.3 })]);
    expect(sent[0]).not.toHaveProperty("hemisphere");
    // The hemisphere the latitude said is shown as saved.
    expect(within(form).getByLabelText("Hemisphere")).toHaveValue("south");
  });
});
