import { Mail, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Gardener } from "#shared/schemas/gardener.ts";
import { EmailLink } from "#web/components/ui/email-link.tsx";
import { RoleBadge } from "#web/components/ui/role-badge.tsx";
import { paths } from "#web/config/paths.ts";
import { GardenerPortrait } from "./gardener-portrait.tsx";
import { YouTubeLink } from "./youtube-link.tsx";

export function GardenerCard({
  gardener,
  lazy = true,
  headingLevel: Heading = "h2",
  action,
}: {
  gardener: Gardener;
  lazy?: boolean;
  headingLevel?: "h2" | "h3";
  /** What the reader may do about the gardener (follow them), below the count of their tips. */
  action?: ReactNode;
}) {
  const active = gardener.status === "active";
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <div className="card-body gap-4">
        <div className="flex items-center gap-4">
          <GardenerPortrait
            gardener={gardener}
            size={80}
            lazy={lazy}
            className="size-20 ring-2 ring-base-300"
          />
          <div className="min-w-0">
            <Heading className="card-title text-lg wrap-anywhere">
              {gardener.handle ? (
                <Link
                  to={paths.gardener.getHref(gardener.handle)}
                  className="link link-hover min-w-0 wrap-anywhere"
                >
                  {gardener.name}
                </Link>
              ) : (
                gardener.name
              )}
            </Heading>
            {gardener.handle && (
              <p className="text-sm wrap-anywhere text-base-content/70">
                @{gardener.handle} <RoleBadge role={gardener.role} />
              </p>
            )}
            <span className={`badge badge-sm mt-1 ${active ? "badge-success" : "badge-neutral"}`}>
              <span className="sr-only">Status: </span>
              {gardener.status}
            </span>
            {gardener.gardenName && (
              <p className="mt-1 text-sm italic text-base-content/80">{gardener.gardenName}</p>
            )}
          </div>
        </div>

        {/* The terms' column as wide on every card (the longest, "Certifications", fits): the values of a
            row of cards start at one line. */}
        <dl className="grid grid-cols-[minmax(6.5rem,max-content)_1fr] gap-x-3 gap-y-1.5 text-sm">
          {/* The address gets the card's whole width, so it stays on one line where the card allows; the
              icon says what it is, the hidden term says it to screen readers. */}
          {gardener.email && (
            <div className="col-span-2 min-w-0">
              <dt className="sr-only">Email</dt>
              <dd>
                <EmailLink email={gardener.email} icon={<Mail aria-hidden="true" className="size-3.5" />} />
              </dd>
            </div>
          )}
          {gardener.age !== null && <Fact term="Age">{gardener.age}</Fact>}
          {gardener.gender && <Fact term="Gender">{gardener.gender}</Fact>}
          {gardener.experiences && <Fact term="Experience">{gardener.experiences}</Fact>}
          {gardener.location && (
            <Fact term="Location">
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                {gardener.location}
              </span>
            </Fact>
          )}
          {gardener.certifications && gardener.certifications.length > 0 && (
            <Fact term="Certifications">{gardener.certifications.join(", ")}</Fact>
          )}
        </dl>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-base-300 pt-3">
          {/* A line as tall as the YouTube button (btn-sm, 2rem): the footer is as tall with or without it,
              so the footers of a row of cards line up. */}
          <p className="text-sm leading-8">
            Total Shared Tips: <span className="font-semibold text-primary">{gardener.totalSharedTips}</span>
          </p>
          {gardener.youtube && (
            // A member's card has their handle as its id; the demo gardeners' are numbered.
            <YouTubeLink
              href={gardener.youtube}
              name={gardener.name}
              fromMember={typeof gardener.id === "string"}
            />
          )}
          {/* A line of its own, so the count and YouTube stay where they are on every card of a row. */}
          {action && <div className="flex w-full justify-end">{action}</div>}
        </div>
      </div>
    </article>
  );
}

/** One labelled fact of the card: the term in the first column, its value in the second. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-base-content/70">{term}</dt>
      <dd className="min-w-0 wrap-break-word">{children}</dd>
    </div>
  );
}
