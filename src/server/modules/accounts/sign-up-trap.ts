import { randomUUID } from "node:crypto";
import { SIGN_UP_TRAP_FIELD } from "#shared/schemas/auth.ts";
import type { AuthSettings } from "./auth-settings.ts";

/** Whether a sign-up filled in the field people never see (SIGN_UP_TRAP_FIELD). */
export const filledTrap = (body: Record<string, unknown>) => {
  const value = body[SIGN_UP_TRAP_FIELD];
  return typeof value === "string" && value.trim() !== "";
};

/**
 * What an accepted sign-up answers, for one refused silently: a bot learns nothing to adapt to, and no
 * account, session or e-mail is made.
 */
export async function pretendSignedUp(
  body: Record<string, unknown>,
  settings: Pick<AuthSettings, "profilePhoto">,
) {
  const now = new Date().toISOString();
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return {
    token: null,
    user: {
      id: randomUUID(),
      name: text(body.name),
      email: text(body.email).toLowerCase(),
      emailVerified: false,
      ...(await settings.profilePhoto(text(body.image))),
      role: "member",
      held: false,
      createdAt: now,
      updatedAt: now,
    },
  };
}
