import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ProfileRoute } from "./profile.tsx";

const UPLOADED = "http://localhost/uploads/fedcba9876543210fedcba9876543210-800x800.webp";

describe("Profile photo from the device", () => {
  it("uploads the chosen photo, shows it as the avatar and saves its URL", async () => {
    const me = aUser({ name: "Rowan Ellis" });
    signInAs(me);
    let saved: unknown = null;
    server.use(
      http.post("*/api/uploads", () =>
        HttpResponse.json({ url: UPLOADED, width: 800, height: 800 }, { status: 201 }),
      ),
      http.post("*/api/auth/update-user", async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    renderRoutes([{ path: "/profile", element: <ProfileRoute /> }], { route: "/profile" });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    await userEvent.upload(await screen.findByLabelText("Photo file"), file);
    await waitFor(() => expect(screen.getByLabelText("Profile photo url")).toHaveValue(UPLOADED));
    const avatar = screen.getByRole("img", { name: "Preview of your profile photo" });
    expect(avatar).toHaveAttribute("src", UPLOADED);
    expect(avatar.getAttribute("srcset")).toContain("fedcba9876543210fedcba9876543210-480w.webp 480w");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saved).toEqual({ name: "Rowan Ellis", image: UPLOADED }));
  });
});
