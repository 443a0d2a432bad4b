import type { ReactNode } from "react";

/** A page's heading, its one-line introduction and, to the side, its main action. */
export function PageHeader({
  title,
  text,
  action,
  centered = false,
  id,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  centered?: boolean;
  id?: string;
}) {
  if (centered)
    return (
      <div className="mb-6 text-center">
        <h1 id={id} className="text-3xl font-bold md:text-4xl">
          {title}
        </h1>
        {text && <p className="mt-2 text-base-content/80">{text}</p>}
      </div>
    );
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 id={id} className="text-3xl font-bold">
          {title}
        </h1>
        {text && <p className="mt-1 text-base-content/80 wrap-anywhere">{text}</p>}
      </div>
      {action}
    </div>
  );
}
