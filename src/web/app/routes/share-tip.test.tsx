import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CONFIRM_EMAIL_FOR_PUBLIC_TIPS } from "#shared/constants.ts";
import { anUpload, aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ShareTipRoute } from "./share-tip.tsx";

const me = aUser();
const HASH = "0123456789abcdef0123456789abcdef";
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
  it("uploads the chosen photo with a progress bar, then previews it (no address to edit) and shares it", async () => {
    const answer = deferred();
    let received: FormDataEntryValue | null = null;
    let shared: unknown = null;
    server.use(
      http.post("*/api/uploads", async ({ request }) => {
        received = (await request.formData()).get("file");
        await answer.promise;
        return HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 });
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

    const preview = await screen.findByRole("img", { name: "Preview of the chosen photo" });
    // The uploaded photo's address is not put in front of the member to edit.
    expect(screen.queryByLabelText("Image URL")).not.toBeInTheDocument();
    // The photo's bytes, as a file part (the test's XMLHttpRequest stand-in does not keep its name).
    expect(received).toMatchObject({ size: 7, type: "image/jpeg" });
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
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
    [429, "Too many photo uploads. Try again in 12 minutes."],
  ])("shows the server's message when it refuses the file (%i)", async (status, message) => {
    server.use(http.post("*/api/uploads", () => HttpResponse.json({ message }, { status })));
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("The photo was not uploaded");
  });

  it("sends the photo again when the server is busy with other photos, after the wait it asks for", async () => {
    const answeredAt: number[] = [];
    server.use(
      http.post("*/api/uploads", () => {
        answeredAt.push(Date.now());
        if (answeredAt.length === 1)
          return HttpResponse.json(
            { message: "The server is busy with other photos. Try again in 1 second." },
            { status: 503, headers: { "Retry-After": "1" } },
          );
        return HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 });
      }),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    await screen.findByRole("img", { name: "Preview of the chosen photo" }, { timeout: 5_000 });
    expect(answeredAt).toHaveLength(2);
    const [first = 0, second = 0] = answeredAt;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the server is busy, in its words, when it stays busy", async () => {
    let tries = 0;
    server.use(
      http.post("*/api/uploads", () => {
        tries += 1;
        return HttpResponse.json(
          { message: "The server is busy with other photos. Try again in 1 second." },
          { status: 503, headers: { "Retry-After": "1" } },
        );
      }),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    expect(await screen.findByRole("alert", {}, { timeout: 6_000 })).toHaveTextContent(
      "The server is busy with other photos. Try again in 1 second.",
    );
    expect(tries).toBe(3);
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
  });

  it("says at once when photos cannot be stored, and keeps what was typed", async () => {
    let tries = 0;
    server.use(
      http.post("*/api/uploads", () => {
        tries += 1;
        return HttpResponse.json(
          {
            message:
              "Photos cannot be stored or shown just now. Nothing was lost: try the photo again in a minute.",
          },
          { status: 503, headers: { "Retry-After": "60" } },
        );
      }),
    );
    renderShare();
    await userEvent.type(await screen.findByLabelText("Title"), "Peas on a trellis");
    await userEvent.type(screen.getByLabelText("Description"), "Give them something to climb early.");
    await userEvent.upload(screen.getByLabelText("Photo file"), aPhoto());
    expect(await screen.findByRole("alert")).toHaveTextContent("Photos cannot be stored or shown just now.");
    expect(tries).toBe(1);
    expect(screen.getByLabelText("Title")).toHaveValue("Peas on a trellis");
    expect(screen.getByLabelText("Description")).toHaveValue("Give them something to climb early.");
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
  });

  it("shows the generic message for a 5xx that is a fault, not a busy server", async () => {
    server.use(
      http.post("*/api/uploads", () =>
        HttpResponse.json({ message: "relation tips does not exist" }, { status: 500 }),
      ),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on our side.");
  });

  it("stops the upload on Cancel: the URL stays empty even when the server answers later", async () => {
    const answer = deferred();
    let answered = false;
    server.use(
      http.post("*/api/uploads", async () => {
        await answer.promise;
        answered = true;
        return HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 });
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
    expect(screen.queryByRole("img", { name: "Preview of the chosen photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("removes an uploaded photo, and the form asks for a photo again", async () => {
    server.use(
      http.post("*/api/uploads", () => HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 })),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    await screen.findByRole("img", { name: "Preview of the chosen photo" });
    expect(screen.getByRole("button", { name: "Replace photo" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Remove photo" }));
    expect(screen.queryByRole("img", { name: "Preview of the chosen photo" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose a photo" })).toHaveFocus();
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByText("Add a photo or its address")).toBeInTheDocument();
  });
});

/** Fills every field of the share form but the photo. */
async function fillTheRest(title: string) {
  await userEvent.type(await screen.findByLabelText("Title"), title);
  await userEvent.type(screen.getByLabelText("Plant type"), "Pea");
  await userEvent.selectOptions(screen.getByLabelText("Category"), "Vegetables");
  await userEvent.type(screen.getByLabelText("Description"), "Give them something to climb early.");
}

/** The upload answers `reply` only once the test calls `release()`; `shared` collects the tips sent. */
function holdUpload(reply: () => Response) {
  const answer = deferred();
  const shared: unknown[] = [];
  server.use(
    http.post("*/api/uploads", async () => {
      await answer.promise;
      return reply();
    }),
    http.post("*/api/tips", async ({ request }) => {
      shared.push(await request.json());
      return HttpResponse.json(aTip({ images: UPLOADED }), { status: 201 });
    }),
  );
  return { release: answer.resolve, shared };
}

const uploaded = () => HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 });

describe("Share Tip pressed while the photo still uploads", () => {
  it("waits for the upload, showing its progress on the button, then shares the tip with the photo", async () => {
    const { release, shared } = holdUpload(uploaded);
    renderShare();
    await fillTheRest("Peas on a trellis");
    await userEvent.upload(screen.getByLabelText("Photo file"), aPhoto());
    await screen.findByRole("progressbar", { name: "Uploading photo" });
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));

    const waiting = await screen.findByRole("button", { name: /^Uploading photo \d+ %\.\.\.$/ });
    expect(waiting).toHaveAttribute("aria-disabled", "true");
    // Nothing is said about a field the member did not touch, and nothing is sent yet.
    expect(screen.queryByText("Add a photo or its address")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Image URL")).not.toHaveAttribute("aria-invalid");
    expect(shared).toEqual([]);

    release();
    expect(await screen.findByText("Tip submitted successfully!")).toBeInTheDocument();
    expect(shared).toEqual([expect.objectContaining({ images: UPLOADED, title: "Peas on a trellis" })]);
  });

  it("shows the other fields' mistakes at once, without waiting for the photo", async () => {
    const answer = deferred();
    server.use(
      http.post("*/api/uploads", async () => {
        await answer.promise;
        return HttpResponse.json(anUpload(HASH, 1536, 2048), { status: 201 });
      }),
    );
    renderShare();
    await userEvent.upload(await screen.findByLabelText("Photo file"), aPhoto());
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveFocus();
    expect(screen.queryByText("Add a photo or its address")).not.toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
    answer.resolve();
    await screen.findByRole("img", { name: "Preview of the chosen photo" });
  });

  it("saves nothing when the upload is cancelled meanwhile, and says so", async () => {
    const { release, shared } = holdUpload(uploaded);
    renderShare();
    await fillTheRest("Peas on a trellis");
    await userEvent.upload(screen.getByLabelText("Photo file"), aPhoto());
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    await screen.findByRole("button", { name: /^Uploading photo/ });
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Nothing was saved: the photo upload was cancelled.",
    );
    expect(screen.getByRole("button", { name: "Share Tip" })).toBeEnabled();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shared).toEqual([]);
    // Everything typed is still there.
    expect(screen.getByLabelText("Title")).toHaveValue("Peas on a trellis");
  });

  it("saves nothing when the server refuses the photo meanwhile, and says why", async () => {
    const { release, shared } = holdUpload(() =>
      HttpResponse.json({ message: "The photo is larger than 10 MB" }, { status: 413 }),
    );
    renderShare();
    await fillTheRest("Peas on a trellis");
    await userEvent.upload(screen.getByLabelText("Photo file"), aPhoto());
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    await screen.findByRole("button", { name: /^Uploading photo/ });
    release();
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
        "The photo is larger than 10 MB",
        expect.stringContaining("Nothing was saved: the photo was not uploaded"),
      ]),
    );
    expect(shared).toEqual([]);
    expect(screen.getByLabelText("Title")).toHaveValue("Peas on a trellis");
  });
});

describe("Share a tip before confirming the e-mail", () => {
  it("says why a third public tip waits, sends the link again, and saves the same tip as Hidden", async () => {
    const unconfirmed = aUser({ emailVerified: false });
    const sent: Array<Record<string, unknown>> = [];
    let resent: unknown = null;
    server.use(
      http.post("*/api/tips", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.availability === "Public")
          return HttpResponse.json({ message: CONFIRM_EMAIL_FOR_PUBLIC_TIPS }, { status: 422 });
        return HttpResponse.json(aTip({ availability: "Hidden", title: String(body.title) }), {
          status: 201,
        });
      }),
      http.post("*/api/auth/send-verification-email", async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    signInAs(unconfirmed);
    renderRoutes([{ path: "/share-garden-tip", element: <ShareTipRoute /> }], { route: "/share-garden-tip" });

    await userEvent.type(await screen.findByLabelText("Title"), "Peas on a trellis");
    await userEvent.type(screen.getByLabelText("Plant type"), "Pea");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Vegetables");
    await userEvent.type(screen.getByLabelText("Description"), "Give them something to climb early.");
    await userEvent.type(screen.getByLabelText("Image URL"), "https://images.example.com/peas.jpg");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));

    expect(await screen.findByText(CONFIRM_EMAIL_FOR_PUBLIC_TIPS)).toBeVisible();
    expect(screen.getByLabelText("Title")).toHaveValue("Peas on a trellis");
    await userEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText(/^We sent the link to /)).toHaveTextContent(
      `We sent the link to ${unconfirmed.email}. Follow it, then share this tip as Public.`,
    );
    expect(resent).toMatchObject({ email: unconfirmed.email });

    await userEvent.click(screen.getByRole("button", { name: "Save as Hidden instead" }));
    expect(await screen.findByText("Tip submitted successfully!")).toBeInTheDocument();
    expect(sent.map((body) => body.availability)).toEqual(["Public", "Hidden"]);
    expect(sent[1]).toMatchObject({
      title: "Peas on a trellis",
      images: "https://images.example.com/peas.jpg",
    });
  });
});
