import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { EditTip } from "./edit-tip.tsx";

const me = aUser();

const renderEdit = (id: string) =>
  renderRoutes(
    [
      { path: "/update-tip/:id", element: <EditTip id={id} /> },
      { path: "/my-tips", element: <p>My Tips page</p> },
    ],
    { route: `/update-tip/${id}` },
  );

describe("Update tip", () => {
  it("refuses someone else's tip with a 403 page and no form", async () => {
    signInAs(me);
    const theirs = aTip({ email: "other@example.com" });
    server.use(http.get("*/api/tips/:id", () => HttpResponse.json(theirs)));
    renderEdit(theirs._id);
    expect(await screen.findByRole("heading", { name: "You can only edit your own tips" })).toBeVisible();
    // A status code is not for people: neither the heading nor the title shows one.
    await waitFor(() => expect(document.title).toBe("You can only edit your own tips - Gardening Community"));
    expect(screen.queryByRole("button", { name: "Update Tip" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to My Tips" })).toHaveAttribute("href", "/my-tips");
  });

  it("says a tip that does not exist cannot be found", async () => {
    signInAs(me);
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json({ message: "Tip not found" }, { status: 404 })),
    );
    renderEdit("00000000-0000-4000-8000-00000000dead");
    expect(await screen.findByRole("heading", { name: "This tip cannot be found" })).toBeVisible();
  });

  it("saves the prefilled form, says so, and goes to My Tips after 2 seconds", async () => {
    signInAs(me);
    const mine = aTip({ email: me.email.toUpperCase(), title: "Old title" });
    let sent: unknown = null;
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(mine)),
      http.put("*/api/tips/:id", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...mine, title: "New title" });
      }),
    );
    const { router } = renderEdit(mine._id);
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Old title");
    expect(screen.getByLabelText("Category")).toHaveValue("Vegetables");
    await userEvent.clear(title);
    await userEvent.type(title, "New title");
    await userEvent.click(screen.getByRole("button", { name: "Update Tip" }));
    expect(await screen.findByText("Tip updated successfully!")).toBeInTheDocument();
    expect(sent).toMatchObject({ title: "New title", category: "Vegetables", availability: "Public" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/my-tips"), { timeout: 3000 });
  });

  it("replaces the tip's picture with a photo uploaded from the device", async () => {
    signInAs(me);
    const mine = aTip({ email: me.email });
    const uploaded = "http://localhost/uploads/0123456789abcdef0123456789abcdef-1536x2048.webp";
    let sent: unknown = null;
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(mine)),
      http.post("*/api/uploads", () =>
        HttpResponse.json({ url: uploaded, width: 1536, height: 2048 }, { status: 201 }),
      ),
      http.put("*/api/tips/:id", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...mine, images: uploaded });
      }),
    );
    renderEdit(mine._id);
    expect(await screen.findByRole("button", { name: "Replace photo" })).toBeVisible();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "garden.jpg", { type: "image/jpeg" });
    await userEvent.upload(screen.getByLabelText("Photo file"), photo);
    expect(await screen.findByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute(
      "src",
      uploaded,
    );
    await userEvent.click(screen.getByRole("button", { name: "Update Tip" }));
    // The toast of the test before may still be up: the page's own message says it was saved.
    expect(await screen.findByText("Your changes are saved.")).toBeInTheDocument();
    expect(sent).toMatchObject({ images: uploaded });
  });

  it("keeps what was typed and shows the server's refusal under the form", async () => {
    signInAs(me);
    const mine = aTip({ email: me.email });
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(mine)),
      http.put("*/api/tips/:id", () =>
        HttpResponse.json({ message: 'Invalid field "title": Title is required' }, { status: 400 }),
      ),
    );
    renderEdit(mine._id);
    const plant = await screen.findByLabelText("Plant type");
    await userEvent.clear(plant);
    await userEvent.type(plant, "Courgette");
    await userEvent.click(screen.getByRole("button", { name: "Update Tip" }));
    expect(await screen.findByRole("alert")).toHaveTextContent('Invalid field "title": Title is required');
    expect(screen.getByLabelText("Plant type")).toHaveValue("Courgette");
    expect(screen.getByRole("button", { name: "Update Tip" })).toBeEnabled();
  });
});
