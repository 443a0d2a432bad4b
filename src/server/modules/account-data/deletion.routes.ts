import { AccountDeletionSchema, DeleteAccountInputSchema } from "#shared/schemas/account-data.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { requireUser } from "../../lib/security/session.ts";
import { cancelDeletion, DeletionRefused, requestDeletion } from "./deletion.service.ts";
import type { ExportDeps } from "./export-deps.ts";

const SIGN_IN = "Sign in to delete your account";

const deleteAccountRoute = apiRoute({
  operationId: "deleteAccount",
  summary: "Delete your account",
  tags: ["Your data"],
  method: "post",
  path: "/account/delete",
  description:
    'Confirmed with your password (an account that signs in with Google only: a Google sign-in within the last 10 minutes) and your handle typed in. `keep: "nothing"` removes your tips, photos, comments and likes (others\' replies under your tips stay under a "Deleted tip" placeholder, a comment of yours with replies stays as "[deleted]"); `keep: "anonymous"` keeps your tips and comments under "Former gardener", with no name, photo, handle or link. Either way everything personal goes. Your account is hidden and signed out everywhere at once, and deleted 7 days later unless you sign in before then. Answers the date it will happen.',
  middleware: [requireUser(SIGN_IN)] as const,
  request: {
    body: { content: { "application/json": { schema: DeleteAccountInputSchema } }, required: true },
  },
  responses: {
    202: jsonAnswer(
      "Asked: the account is hidden and signed out, and deleted at `dueAt`",
      AccountDeletionSchema,
    ),
    ...errorResponses({
      400: "The handle typed is not yours, or the body is not one",
      403: "Not your password (or, for a Google-only account, no recent Google sign-in)",
      409: "The account is already being deleted, or is an administrator's",
    }),
  },
});

const cancelDeletionRoute = apiRoute({
  method: "delete",
  path: "/account/delete",
  operationId: "cancelAccountDeletion",
  tags: ["Your data"],
  summary: "Keep your account",
  description:
    "Calls off the deletion of your account while its 7 days last. Signing in does the same, so this is for a client that kept its session some other way; nothing to call off is not an error.",
  middleware: [requireUser("Sign in to keep your account")] as const,
  responses: { 204: { description: "Your account stays" } },
});

/** Whether `password` is the one `hash` was made from, as sign-in checks it. */
type PasswordCheck = (hash: string, password: string) => Promise<boolean>;

export function createDeletionRouter(
  deps: Pick<ExportDeps, "db" | "baseUrl">,
  verifyPassword: PasswordCheck,
) {
  return createRouter()
    .openapi(deleteAccountRoute, async (c) => {
      const { user } = c.var as SignedInEnv["Variables"];
      try {
        const deletion = await requestDeletion(deps, user.id, c.req.valid("json"), { verifyPassword });
        return c.json(deletion, 202);
      } catch (error) {
        if (error instanceof DeletionRefused) throw new HttpError(error.status, error.message);
        throw error;
      }
    })
    .openapi(cancelDeletionRoute, async (c) => {
      await cancelDeletion(deps, (c.var as SignedInEnv["Variables"]).user.id);
      return c.body(null, 204);
    });
}
