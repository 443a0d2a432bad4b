import type { ReactNode } from "react";

/** One of the dashboard's side panels (Quick Actions, Recent tips): a bordered box under its own heading. */
export function DashboardPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
