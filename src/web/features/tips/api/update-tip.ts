import { useMutation } from "@tanstack/react-query";
import type { Tip, TipInput } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useInvalidateTipData } from "./invalidate-tip-data.ts";

const updateTip = (id: string, input: TipInput) =>
  apiClient.send<Tip>("PUT", `/tips/${encodeURIComponent(id)}`, input);

export function useUpdateTip(id: string) {
  const invalidate = useInvalidateTipData();
  return useMutation({
    mutationFn: (input: TipInput) => updateTip(id, input),
    onSuccess: () => invalidate(),
  });
}
