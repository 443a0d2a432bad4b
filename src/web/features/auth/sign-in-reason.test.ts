import { describe, expect, it } from "vitest";
import { signInReason } from "./sign-in-reason.ts";

describe("signInReason", () => {
  it("asks for the account's password to confirm an e-mail when a verification link brought the visitor", () => {
    expect(signInReason("/profile?verify=some.token")).toBe(
      "Sign in with this account's password to confirm your e-mail.",
    );
  });

  it("says a verification link did not work, and where a new one comes from", () => {
    expect(signInReason("/profile?error=PASSWORD_CHANGED")).toBe(
      "This verification link did not work. Sign in to send yourself a new one from your profile.",
    );
  });

  it("keeps the page's own reason otherwise, and none for a visitor who came to sign in", () => {
    expect(signInReason("/profile")).toBe("Sign in to see your profile.");
    expect(signInReason("/my-tips?verify=x")).toBe("Sign in to see your tips.");
    expect(signInReason("/")).toBeNull();
  });
});
