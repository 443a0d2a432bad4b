import { useMutation } from "@tanstack/react-query";
import type { AccountDeletion, DeletionKeep } from "#shared/schemas/account-data.ts";
import { apiClient } from "#web/lib/api-client.ts";

/** Asks for the account to be deleted; the answer says when. The server signs the account out everywhere. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: { password?: string; handle: string; keep: DeletionKeep }) =>
      apiClient.send<AccountDeletion>("POST", "/account/delete", input),
  });
