import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ShareTipRoute } from "./share-tip.tsx";

const me = aUser();
const UPLOADED = "http://localhost/uploads/0123456789abcdef0123456789abcdef-1536x2048.webp";

/** A promise the test settles when it wants the server to answer. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const aPhoto = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "garden.jpg", { type: "image/jpeg" });

function renderShare() {
  signInAs(me);
  return renderRoutes([{ path: "/share-garden-tip", element: <ShareTipRoute /> }], {
    route: "/share-garden-tip",
  });
}

describe("Share a tip with a photo from the device", () => {
  it("uploads the chosen photo with a progress bar, then previews it and fills the image URL", async () => {
    const answer = deferred();
    let received: FormDataEntryValue | null = null;
    let shared: unknown = null;
    server.use(
      http.post("*/api/uploads", async ({ request }) => {
        received = (await request.formData()).get("file");
        await answer.promise;
        return HttpResponse.json({ url: UPLOADED, width: 1536, height: 2048 }, { status: 201 });
      }),
      http.post("*/api/tips", async ({ request }) => {
        shared = await request.json();
        return HttpResponse.json(aTip({ images: UPLOADED }), { status: 201 });
      }),
    );
    renderShare();
    const photo = await screen.findByRole("group", { name: "Photo" });
    expect(within(photo).getByRole("button", { name: "Choose a photo" })).toBeVisible();
    const input = within(photo).getByLabelText("Photo file");
    expect(input).toHaveAttribute("accept", "image/*");

    await userEvent.upload(input, aPhoto());
    expect(await screen.findByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent(/^Uploading photo: \d+%$/);
    answer.resolve();

    await waitFor(() => expect(screen.getByLabelText("Image URL")).toHaveValue(UPLOADED));
    // The photo's bytes, as a file part (the test's XMLHttpRequest stand-in does not keep its name).
    expect(received).toMatchObject({ size: 7, type: "image/jpeg" });
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    const preview = screen.getByRole("img", { name: "Preview of the chosen photo" });
    expect(preview).toHaveAttribute("src", UPLOADED);
    expect(preview).toHaveAttribute("width", "1536");
    expect(preview).toHaveAttribute("height", "2048");
    expect(preview.getAttribute("srcset")).toContain("0123456789abcdef0123456789abcdef-480w.webp 480w");
    expect(screen.getByText("Photo uploaded")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Title"), "Peas on a trellis");
    await userEvent.type(screen.getByLabelText("Plant type"), "Pea");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Vegetables");
    await userEvent.type(screen.getByLabelText("Description"), "Give them something to climb early.");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByText("Tip submitted successfully!")).toBeInTheDocument();
    expect(shared).toMatchObject({ images: UPLOADED, title: "Peas on a trellis" });
  });

  it.each([
    [413, "The photo is larger than 10 MB"],
    [415, "Choose a photo in JPEG, PNG, WebP, AVIF or HEIC format"],
    [429, "You have uploaded 30 photos in the last hour. Try again in 12 minutes."],
  ])("shows the server's message when it refuses the file (%i)", async (status, message) => {
    server.use(http.post("*/api/uploads", () => HttpResponse.json({ message }, { status })));
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("The photo was not uploaded");
  });

  it("stops the upload on Cancel: the URL stays empty even when the server answers later", async () => {
    const answer = deferred();
    let answered = false;
    server.use(
      http.post("*/api/uploads", async () => {
        await answer.promise;
        answered = true;
        return HttpResponse.json({ url: UPLOADED, width: 1536, height: 2048 }, { status: 201 });
      }),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    await userEvent.click(await screen.findByRole("button", { name: "Cancel upload" }));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("Upload cancelled");
    expect(screen.getByRole("button", { name: "Choose a photo" })).toHaveFocus();
    answer.resolve();
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
