import { ShieldCheck } from "lucide-react";
import type { TeamRole } from "#shared/constants.ts";

const LABEL: Record<TeamRole, string> = { moderator: "Moderator", administrator: "Administrator" };

/** Beside a team member's name wherever it shows: nobody else can carry it, so nobody passes for the team. */
export function RoleBadge({ role }: { role: TeamRole | undefined }) {
  if (!role) return null;
  return (
    <span className="badge badge-sm badge-primary gap-1 whitespace-nowrap">
      <ShieldCheck aria-hidden="true" className="size-3" />
      {LABEL[role]}
    </span>
  );
}
