import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { TipForm, type TipFormInput } from "./tip-form.tsx";

const author = { name: "Ivy Green", email: "ivy@example.com" };

/**
 * The edit form of a saved tip with `saved` changed, and `update`, which presses Update Tip and answers what
 * the form then sends.
 */
function editForm(saved: Partial<TipFormInput>) {
  const onSubmit = vi.fn(async (_values: unknown) => {});
  renderWithProviders(
    <TipForm
      author={author}
      submitLabel="Update Tip"
      submittingLabel="Updating..."
      imageRequired={false}
      defaultValues={{
        title: "Pinch out side shoots",
        plantType: "Cordon tomato",
        difficulty: "Easy",
        description: "Weekly, while they are small.",
        category: "Vegetables",
        ...saved,
      }}
      onSubmit={onSubmit}
    />,
  );
  async function update() {
    const before = onSubmit.mock.calls.length;
    await userEvent.click(screen.getByRole("button", { name: "Update Tip" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(before + 1));
    return onSubmit.mock.calls.at(-1)?.[0];
  }
  return { update, onSubmit };
}

describe("TipForm", () => {
  it("shows the author read-only and checks every field before sending", async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <TipForm author={author} submitLabel="Share Tip" submittingLabel="Submitting..." onSubmit={onSubmit} />,
    );
    expect(screen.getByLabelText("Your name")).toHaveValue("Ivy Green");
    expect(screen.getByLabelText("Your name")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Your email")).toHaveValue("ivy@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByText("Plant type is required")).toBeInTheDocument();
    expect(screen.getByText("Description is required")).toBeInTheDocument();
    expect(screen.getByText("Add a photo or its address")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Image URL"), "javascript:alert(1)");
    await userEvent.type(screen.getByLabelText("Title"), "ab");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByText("Enter an http(s) URL")).toBeInTheDocument();
    expect(screen.getByText("Title must be at least 3 characters")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the parsed values, and shows Submitting... with the button disabled meanwhile", async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithProviders(
      <TipForm author={author} submitLabel="Share Tip" submittingLabel="Submitting..." onSubmit={onSubmit} />,
    );
    await userEvent.type(screen.getByLabelText("Title"), "  Water deeply  ");
    await userEvent.type(screen.getByLabelText("Plant type"), "Tomato");
    await userEvent.selectOptions(screen.getByLabelText("Difficulty"), "Hard");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Vegetables");
    await userEvent.selectOptions(screen.getByLabelText("Availability"), "Hidden");
    await userEvent.type(screen.getByLabelText("Image URL"), "https://example.com/tomato.jpg");
    await userEvent.type(screen.getByLabelText("Description"), "Once a week, at the roots.");
    await userEvent.click(screen.getByRole("button", { name: "Share Tip" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({
      title: "Water deeply",
      plantType: "Tomato",
      difficulty: "Hard",
      description: "Once a week, at the roots.",
      images: "https://example.com/tomato.jpg",
      category: "Vegetables",
      availability: "Hidden",
      crops: [],
      when: null,
    });
    finish();
    expect(await screen.findByRole("button", { name: "Share Tip" })).toBeEnabled();
  });

  it("names crops by any of their names, each once, refuses one the calendar does not know, and sends them", async () => {
    const { update, onSubmit } = editForm({ crops: ["tomato"] });
    const field = screen.getByLabelText("Crops (optional)");
    // Enter adds the crop typed, in French here, and sends nothing yet.
    await userEvent.type(field, "Basilic{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(field, "tomate{Enter}");
    await userEvent.type(field, "Mandrake");
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByText(/The calendar does not know “Mandrake”/)).toBeVisible();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(field);
    await userEvent.type(field, "Zanahoria{Enter}");
    const chosen = screen.getByRole("list", { name: "Crops chosen" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Tomato", "Basil", "Carrot"]);
    await userEvent.click(within(chosen).getByRole("button", { name: "Remove Tomato" }));
    expect(await update()).toMatchObject({ crops: ["basil", "carrot"] });
  });

  it("offers the crops the site added beside the shipped ones, by any of their names", async () => {
    server.use(
      http.get("*/api/crops", ({ request }) =>
        HttpResponse.json({
          about: "",
          licence: "CC0-1.0",
          crops:
            new URL(request.url).searchParams.get("source") === "site"
              ? [
                  {
                    slug: "yacon",
                    names: { en: "Yacon", fr: "Poire de terre", es: "Yacón", de: "Yacón" },
                    botanical: "Smallanthus sonchifolius",
                    kind: "vegetable",
                    windows: { plantOut: [2, 4] },
                    daysToMaturity: [180, 210],
                    spacingCm: 90,
                    warmClimate: "Plant crowns at the start of the rainy season.",
                  },
                ]
              : [],
        }),
      ),
    );
    const { update } = editForm({ crops: ["yacon"] });
    const chosen = screen.getByRole("list", { name: "Crops chosen" });
    // Named as soon as the site's crops have come.
    expect(await within(chosen).findByText("Yacon")).toBeVisible();
    await userEvent.click(within(chosen).getByRole("button", { name: "Remove Yacon" }));
    await userEvent.type(screen.getByLabelText("Crops (optional)"), "poire de terre{Enter}");
    await userEvent.type(screen.getByLabelText("Crops (optional)"), "Leek{Enter}");
    // The list went with its last crop and came back with the next: read it again.
    const now = screen.getByRole("list", { name: "Crops chosen" });
    expect(
      within(now)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Yacon", "Leek"]);
    expect(await update()).toMatchObject({ crops: ["yacon", "leek"] });
  });

  it("says when the advice is for in weeks from a frost or in months, and takes it away again", async () => {
    const { update } = editForm({ when: { kind: "frost", frost: "first", weeks: 2 } });
    const when = screen.getByRole("group", { name: "When (optional)" });
    expect(within(when).getByLabelText("When it is for")).toHaveValue("frost");
    expect(within(when).getByLabelText("Weeks")).toHaveValue("2");
    expect(within(when).getByLabelText("Before or after")).toHaveValue("1");
    await userEvent.selectOptions(within(when).getByLabelText("Weeks"), "3");
    await userEvent.selectOptions(within(when).getByLabelText("Before or after"), "before");
    await userEvent.selectOptions(within(when).getByLabelText("Which frost"), "the last spring frost");
    expect(await update()).toMatchObject({ when: { kind: "frost", frost: "last", weeks: -3 } });

    // Months, across the year's end, in the southern hemisphere.
    await userEvent.selectOptions(within(when).getByLabelText("When it is for"), "Months of the year");
    await userEvent.selectOptions(within(when).getByLabelText("From month"), "November");
    await userEvent.selectOptions(within(when).getByLabelText("To month"), "February");
    await userEvent.selectOptions(within(when).getByLabelText("Hemisphere"), "southern hemisphere");
    expect(await update()).toMatchObject({ when: { kind: "months", from: 11, to: 2, hemisphere: "south" } });

    await userEvent.selectOptions(within(when).getByLabelText("When it is for"), "Any time of year");
    expect(within(when).queryByLabelText("From month")).toBeNull();
    expect(await update()).toMatchObject({ when: null });
  });

  it("has the photo field of its own: a photo from the device, or the address of one", () => {
    renderWithProviders(
      <TipForm author={author} submitLabel="Share Tip" submittingLabel="Submitting..." onSubmit={vi.fn()} />,
    );
    const photo = screen.getByRole("group", { name: "Photo" });
    expect(within(photo).getByRole("button", { name: "Choose a photo" })).toBeVisible();
    expect(within(photo).getByLabelText("Photo file")).toHaveAttribute("accept", "image/*");
    expect(within(photo).getByLabelText("Image URL")).toHaveAttribute("type", "url");
  });

  it("offers Public and Hidden, and keeps Private for a private tip being edited", async () => {
    const { unmount } = renderWithProviders(
      <TipForm author={author} submitLabel="Share Tip" submittingLabel="Submitting..." onSubmit={vi.fn()} />,
    );
    const options = () =>
      Array.from((screen.getByLabelText("Availability") as HTMLSelectElement).options).map((o) => o.value);
    expect(options()).toEqual(["Public", "Hidden"]);
    unmount();
    renderWithProviders(
      <TipForm
        author={author}
        defaultValues={{ availability: "Private" }}
        submitLabel="Update Tip"
        submittingLabel="Updating..."
        onSubmit={vi.fn()}
      />,
    );
    expect(options()).toEqual(["Public", "Hidden", "Private"]);
    expect(screen.getByLabelText("Availability")).toHaveValue("Private");
  });
});
