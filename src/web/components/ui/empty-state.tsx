import type { ReactNode } from "react";

export function EmptyState({
  icon,
  message,
  children,
}: {
  icon?: ReactNode;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      {icon}
      <p className="text-lg text-base-content/80">{message}</p>
      {children}
    </div>
  );
}
