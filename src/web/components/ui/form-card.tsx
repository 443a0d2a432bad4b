import type { ReactNode } from "react";

/** The bordered card a page's form sits in (Share a Tip, the dashboard's Add Tip, Update Tip), one look for all. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">{children}</div>
    </div>
  );
}
