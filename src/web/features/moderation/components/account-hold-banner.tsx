import { ShieldAlert } from "lucide-react";
import { ACCOUNT_ON_HOLD } from "#shared/constants.ts";
import { useUser } from "#web/lib/auth.ts";

/** Under the navigation on every page while the signed-in account is on hold: why nothing can be posted. */
export function AccountHoldBanner() {
  const { user } = useUser();
  if (!user?.held) return null;
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/15">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{ACCOUNT_ON_HOLD}. Everything you posted is hidden from others meanwhile.</span>
      </p>
    </div>
  );
}
