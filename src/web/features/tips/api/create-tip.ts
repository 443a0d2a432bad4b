import { useMutation } from "@tanstack/react-query";
import type { Tip, TipInput } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useInvalidateTipData } from "./invalidate-tip-data.ts";

const createTip = (input: TipInput) => apiClient.send<Tip>("POST", "/tips", input);

export function useCreateTip() {
  const invalidate = useInvalidateTipData();
  return useMutation({ mutationFn: createTip, onSuccess: () => invalidate() });
}
