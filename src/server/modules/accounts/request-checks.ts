import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import { DisplayNameSchema, passwordProblems } from "#shared/schemas/auth.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import type { AuthSettings } from "./auth-settings.ts";
import { teamNameRefusal } from "./identity.ts";
import { checkVerificationLink } from "./links.ts";
import { filledTrap, pretendSignedUp } from "./sign-up-trap.ts";

/** better-auth's answer to a reset request, whether or not an account has the address. */
const RESET_REQUESTED = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

function rejectInvalid(message: string): never {
  throw new APIError("BAD_REQUEST", { message });
}

/** The server checks again every rule the forms check: a client can skip the form. */
function checkPassword(password: unknown) {
  if (typeof password !== "string") rejectInvalid("Password is required");
  const [problem] = passwordProblems(password);
  if (problem) rejectInvalid(problem);
}

function checkName(name: unknown) {
  const result = DisplayNameSchema.safeParse(name);
  if (!result.success) rejectInvalid(result.error.issues[0]?.message ?? "Invalid name");
}

/** A name that mixes alphabets or reads like a team member's is refused (ADR 050). */
async function checkTeamName(db: Db, name: unknown, selfId: string | null) {
  if (typeof name !== "string") return;
  const refusal = await teamNameRefusal(db, name.trim(), selfId);
  if (refusal) rejectInvalid(refusal);
}

/** A photo is optional (Google accounts may have none) but, when given, must be an http(s) URL. */
function checkImage(image: unknown) {
  if (image === undefined || image === null || image === "") return;
  const result = HttpUrlSchema.safeParse(image);
  if (!result.success) rejectInvalid(`Profile photo: ${result.error.issues[0]?.message ?? "invalid URL"}`);
}

/**
 * What runs before better-auth handles a request: the checks of a verification link, of a sign-up and of
 * a profile or password change, the sign-up trap, and the early answer to a reset request.
 */
export function requestChecks({
  db,
  settings,
  logger,
  queueResetRequest,
}: {
  db: Db;
  settings: Pick<AuthSettings, "secret" | "profilePhoto">;
  logger: Logger;
  /** Queues the work of a reset request, done once its answer has gone (ADR 031). */
  queueResetRequest: (email: string) => void;
}) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    switch (ctx.path) {
      case "/verify-email":
        await checkVerificationLink(ctx, db, settings.secret);
        break;
      case "/request-password-reset": {
        // A client's request (not the queued call that follows it) is answered before any work that
        // depends on the address: looking it up, the token, the e-mail all follow the answer.
        const email = z.email().safeParse(body.email);
        if (!ctx.request || !email.success) break;
        queueResetRequest(email.data);
        return ctx.json(RESET_REQUESTED);
      }
      case "/sign-up/email":
        if (filledTrap(body)) {
          logger.info("A sign-up filled the form's hidden field: answered as accepted, no account made");
          return ctx.json(await pretendSignedUp(body, settings));
        }
        checkName(body.name);
        await checkTeamName(db, body.name, null);
        checkImage(body.image);
        checkPassword(body.password);
        break;
      case "/reset-password":
      case "/change-password":
        checkPassword(body.newPassword);
        break;
      case "/update-user":
        if ("name" in body) {
          checkName(body.name);
          await checkTeamName(db, body.name, (await getSessionFromCtx(ctx))?.user.id ?? null);
        }
        if ("image" in body) checkImage(body.image);
        break;
    }
  });
}
