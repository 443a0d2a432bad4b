import { Mail, MapPin, Pencil, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { GardenerPage } from "#shared/schemas/gardener.ts";
import { BlockButton } from "#web/components/moderation/block-button.tsx";
import { HiddenPendingReviewPage, isHiddenPendingReview } from "#web/components/moderation/hold-notice.tsx";
import { ReportButton } from "#web/components/moderation/report-button.tsx";
import { EmailLink } from "#web/components/ui/email-link.tsx";
import { LinkedText } from "#web/components/ui/linked-text.tsx";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { RoleBadge } from "#web/components/ui/role-badge.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { formatNumber, monthYear } from "#web/lib/format.ts";
import { useGardener, useProfile } from "../api/get-gardener.ts";
import { FollowButton } from "./follow-button.tsx";
import { GardenerPortrait } from "./gardener-portrait.tsx";
import { YouTubeLink } from "./youtube-link.tsx";

/**
 * The page's frame, loading and loaded alike: at least a screen tall, so the footer starts below the
 * first screen and stays there while the gardener and then their tips arrive. The server sends the
 * loading shape; a shorter one showed the footer on a phone, and the arriving page pushed it away, a
 * layout shift of a fifth of the screen.
 */
const PAGE_FRAME = "mx-auto min-h-svh w-full max-w-7xl px-4 py-10";

/**
 * A gardener's page, /gardeners/{handle}: who they are and their counts, then what `below` renders of
 * them (the route puts their tips there).
 */
export function GardenerProfile({
  handle,
  below,
}: {
  handle: string;
  below: (page: GardenerPage) => ReactNode;
}) {
  const gardener = useGardener(handle);
  return (
    <QueryView
      query={gardener}
      loadingLabel="Loading the gardener…"
      loading={<GardenerSkeleton />}
      errorTitle="We could not load this gardener"
      head={<PageHead title="Gardener" description="A gardener of our community and the tips they share." />}
      notFound={
        isHiddenPendingReview(gardener.error) ? (
          <HiddenPendingReviewPage
            error={gardener.error}
            what="gardener page"
            action={{ to: paths.exploreGardeners.getHref(), label: "Explore gardeners" }}
          />
        ) : (
          <GardenerNotFound />
        )
      }
    >
      {(page) => (
        <div className={PAGE_FRAME}>
          <PageHead
            title={`${page.name} (@${page.handle})`}
            description={(page.bio ?? `${page.name} shares gardening tips on Gardening Community.`).slice(
              0,
              150,
            )}
          />
          <GardenerHeader page={page} />
          {below(page)}
        </div>
      )}
    </QueryView>
  );
}

function GardenerHeader({ page }: { page: GardenerPage }) {
  const { user } = useUser();
  const profile = useProfile({ enabled: Boolean(user) });
  // The member's own page offers to change it.
  const own = Boolean(user) && profile.data?.handle === page.handle;
  const active = page.status === "active";
  return (
    <header className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm md:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <GardenerPortrait gardener={page} size={128} className="size-28 ring-4 ring-base-300 md:size-32" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-3xl font-bold wrap-anywhere" dir="auto">
                {page.name}
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-base-content/70">
                @{page.handle} <RoleBadge role={page.role} />
              </p>
              {/* With the name and handle: on a phone the page's actions follow it, not split it off. */}
              <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                <span className={`badge ${active ? "badge-success" : "badge-neutral"}`}>
                  <span className="sr-only">Status: </span>
                  {page.status}
                </span>
                {page.gardenName && (
                  <span className="italic text-base-content/80" dir="auto">
                    {page.gardenName}
                  </span>
                )}
              </div>
            </div>
            {own && (
              <Link to={paths.profile.getHref()} className="btn btn-outline btn-sm">
                <Pencil aria-hidden="true" className="size-4" />
                Edit profile
              </Link>
            )}
            {/* Once the member's own handle is known, so their own page never offers them. */}
            {!user && <FollowButton handle={page.handle} name={page.name} />}
            {profile.data && !own && (
              <div className="flex flex-wrap gap-1">
                <FollowButton handle={page.handle} name={page.name} />
                <BlockButton handle={page.handle} name={page.name} />
                <ReportButton
                  targetType="gardener"
                  targetId={page.handle}
                  what={`${page.name}'s page`}
                  className="btn btn-ghost btn-sm"
                />
              </div>
            )}
          </div>
          {page.bio && <LinkedText text={page.bio} className="max-w-prose leading-relaxed" />}
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 text-center sm:grid-cols-3 lg:grid-cols-5">
        <Count term="Tips shared" value={formatNumber(page.totalSharedTips)} />
        <Count term="Likes received" value={formatNumber(page.totalLikesReceived)} />
        <Count term={page.followers === 1 ? "Follower" : "Followers"} value={formatNumber(page.followers)} />
        <Count term="Following" value={formatNumber(page.following)} />
        <Count
          term="Member since"
          value={monthYear(page.memberSince)}
          className="col-span-2 sm:col-span-2 lg:col-span-1"
        />
      </dl>

      <Facts page={page} />
    </header>
  );
}

function Count({ term, value, className = "" }: { term: string; value: string; className?: string }) {
  return (
    <div className={`flex min-w-0 flex-col-reverse ${className}`}>
      <dt className="text-xs text-base-content/70 sm:text-sm">{term}</dt>
      <dd className="text-lg font-bold wrap-anywhere sm:text-2xl">{value}</dd>
    </div>
  );
}

/** The card's fields the gardener gave: each shown only when there is something to show. */
function Facts({ page }: { page: GardenerPage }) {
  const facts: Array<[string, ReactNode]> = [];
  if (page.email)
    facts.push([
      "Email",
      <EmailLink key="email" email={page.email} icon={<Mail aria-hidden="true" className="size-3.5" />} />,
    ]);
  if (page.location)
    facts.push([
      "Location",
      <span key="location" className="inline-flex items-center gap-1" dir="auto">
        <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
        {page.location}
      </span>,
    ]);
  if (page.experiences) facts.push(["Experience", page.experiences]);
  if (page.certifications?.length) facts.push(["Certifications", page.certifications.join(", ")]);
  if (page.age !== undefined) facts.push(["Age", page.age]);
  if (page.gender) facts.push(["Gender", page.gender]);
  if (facts.length === 0 && !page.youtube) return null;
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-base-content/70">{term}</dt>
            <dd className="min-w-0 wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      {page.youtube && (
        <YouTubeLink href={page.youtube} name={page.name} fromMember={page.email === undefined} />
      )}
    </div>
  );
}

/** The page's shape while it loads, so nothing moves when it arrives. */
function GardenerSkeleton() {
  const bone = "rounded-field bg-base-200 motion-safe:animate-pulse";
  return (
    <div role="status" aria-live="polite" className={PAGE_FRAME}>
      <span className="sr-only">Loading the gardener…</span>
      <div aria-hidden="true" className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm md:p-8">
        <div className="flex flex-col gap-6 sm:flex-row">
          <div className="size-28 shrink-0 rounded-full bg-base-200 motion-safe:animate-pulse md:size-32" />
          <div className="flex flex-1 flex-col gap-3">
            <div className={`h-9 w-2/3 ${bone}`} />
            <div className={`h-5 w-1/3 ${bone}`} />
            <div className={`h-12 w-full ${bone}`} />
          </div>
        </div>
        <div className={`mt-6 h-20 w-full ${bone}`} />
      </div>
    </div>
  );
}

function GardenerNotFound() {
  return (
    <MessagePage
      icon={<UserX aria-hidden="true" className="size-14 text-base-content/60" />}
      title="No gardener has this handle"
      headTitle="Gardener not found"
      text="The address may be mistyped, or the gardener has chosen another handle."
      action={{ to: paths.exploreGardeners.getHref(), label: "Explore gardeners" }}
    />
  );
}
