import { useMutation } from "@tanstack/react-query";
import type { ReportReason, ReportTarget } from "#shared/constants.ts";
import type { Report } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";

interface ReportRequest {
  targetType: ReportTarget;
  targetId: string;
  reason: ReportReason;
  note: string;
}

const sendReport = (request: ReportRequest) => apiClient.send<Report>("POST", "/reports", request);

/** Reports a tip, a comment, a gardener page or a photo; a repeat of an open report answers that report. */
export const useSendReport = () => useMutation({ mutationFn: sendReport });
