import type { ReactNode } from "react";
import { Link } from "react-router";
import { HydrationGate } from "./hydration-gate.tsx";
import { PageHead } from "./page-head.tsx";

type Action = { to: string; label: string } | { onClick: () => void; label: string };

/**
 * A page that is only a message: not found, not yours, something failed. One centred column with an
 * icon, a heading, a sentence and a way on. `text` is the sentence under the heading and, unless
 * `description` says otherwise, the page's meta description.
 */
export function MessagePage({
  title,
  headTitle,
  text,
  description = text,
  icon,
  badge,
  action,
}: {
  title: ReactNode;
  /** The document title; needed when the heading is not plain text. */
  headTitle?: string;
  text?: string;
  description?: string;
  icon?: ReactNode;
  /** Shown large between the icon and the heading (the 404 page's "404"). */
  badge?: string;
  action?: Action;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageHead
        title={headTitle ?? (typeof title === "string" ? title : "Gardening Community")}
        description={description ?? ""}
      />
      {icon}
      {badge && <p className="text-7xl font-black text-primary">{badge}</p>}
      <h1 className="text-2xl font-bold break-words">{title}</h1>
      {text && <p className="text-base-content/80">{text}</p>}
      {action &&
        ("to" in action ? (
          <Link to={action.to} className="btn btn-primary">
            {action.label}
          </Link>
        ) : (
          <HydrationGate>
            <button type="button" className="btn btn-primary" onClick={action.onClick}>
              {action.label}
            </button>
          </HydrationGate>
        ))}
    </section>
  );
}
