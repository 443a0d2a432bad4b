import type { ReactNode } from "react";
import { PageFrame } from "./page-frame.tsx";
import { PageHead } from "./page-head.tsx";

/** A long page of text (Privacy Policy, Terms of Use): heading, last-updated date, sections. */
export function DocumentPage({
  title,
  description,
  updated,
  children,
}: {
  title: string;
  description: string;
  /** ISO date of the last change. */
  updated: string;
  children: ReactNode;
}) {
  const date = new Date(`${updated}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <PageFrame as="article" measure="text">
      <PageHead title={title} description={description} />
      <div className="mb-8 border-b border-base-300 pb-6">
        <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-base-content/80">
          Last updated: <time dateTime={updated}>{date}</time>
        </p>
      </div>
      <div className="space-y-8 leading-relaxed">{children}</div>
    </PageFrame>
  );
}

/** A section of a DocumentPage, with an id so answers can link straight to it (/privacy#delete-your-data). */
export function DocumentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-20 space-y-3">
      <h2 className="text-xl font-semibold md:text-2xl">{title}</h2>
      {children}
    </section>
  );
}

export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="link">
      {email}
    </a>
  );
}
