import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PasswordPolicy } from "#shared/schemas/auth.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const getPasswordPolicy = (signal?: AbortSignal) =>
  apiClient.get<PasswordPolicy>("/auth/password-policy", { signal });

const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.passwordPolicy,
    queryFn: ({ signal }) => getPasswordPolicy(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePasswordPolicy = () => useQuery(passwordPolicyQueryOptions());
