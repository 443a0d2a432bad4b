import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { aUser, HttpResponse, http, server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { SignupForm } from "./signup-form.tsx";

/** Fills the form as a person would and sends it; answers what reached the server. */
async function signUp(container: HTMLElement, trap?: string) {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.post("*/api/auth/sign-up/email", async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ token: "t", user: aUser() });
    }),
  );
  await userEvent.type(screen.getByRole("textbox", { name: "Full Name" }), "Rosa Banks");
  await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "rosa@example.com");
  await userEvent.type(
    screen.getByRole("textbox", { name: "Profile photo url" }),
    "https://example.com/r.png",
  );
  await userEvent.type(screen.getByLabelText("Password", { selector: "input" }), "Sunflower7");
  await userEvent.click(screen.getByRole("checkbox"));
  if (trap !== undefined) {
    const hidden = container.querySelector<HTMLInputElement>('input[name="website"]');
    if (!hidden) throw new Error("no hidden field");
    fireEvent.change(hidden, { target: { value: trap } });
  }
  await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
  await expect.poll(() => sent.length).toBe(1);
  return sent[0];
}

describe("the sign-up form", () => {
  it("keeps its hidden field out of reach of people, and does not send it empty", async () => {
    const onSuccess = vi.fn();
    const { container } = renderWithProviders(<SignupForm onSuccess={onSuccess} />);
    // Not a field anyone is offered: not in the accessibility tree, not reached by Tab.
    expect(screen.queryByRole("textbox", { name: /Leave this empty/ })).not.toBeInTheDocument();
    expect(container.querySelector('input[name="website"]')).toHaveAttribute("tabindex", "-1");
    const body = await signUp(container);
    expect(body).toEqual({
      name: "Rosa Banks",
      email: "rosa@example.com",
      password: "Sunflower7",
      image: "https://example.com/r.png",
    });
    await expect.poll(() => onSuccess.mock.calls.length).toBe(1);
  });

  it("sends what a bot filled into the hidden field, for the server to see", async () => {
    const { container } = renderWithProviders(<SignupForm onSuccess={() => {}} />);
    expect(await signUp(container, "https://spam.example")).toMatchObject({
      website: "https://spam.example",
    });
  });
});
