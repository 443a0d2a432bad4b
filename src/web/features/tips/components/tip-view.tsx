import { Maximize2, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { ReportButton } from "#web/components/moderation/report-button.tsx";
import { EmailLink } from "#web/components/ui/email-link.tsx";
import { intrinsicSize } from "#web/components/ui/fallback-image.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { useCrops } from "#web/lib/crops.ts";
import { AuthorLink } from "./author-link.tsx";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { ownImageOf, TipImage } from "./tip-image.tsx";

/**
 * A tip's page: title, author name and e-mail, image, each fact once and labelled,
 * the description, the like toggle and what else the route offers, and, for its author, Edit and Delete.
 */
export function TipView({
  tip,
  isAuthor,
  onDelete,
  actions,
  about,
}: {
  tip: Tip;
  isAuthor: boolean;
  onDelete: () => void;
  /** More about the tip, above its description (when it is for), composed by the route. */
  about?: ReactNode;
  /** More of what a reader can do with the tip, beside Like (the route composes them). */
  actions?: ReactNode;
}) {
  if (tip.authorGone === "placeholder") return <DeletedTip />;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <PageHead title={tip.title} description={tip.description.slice(0, 150)} />
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <TipPhoto tip={tip} />
        <div className="flex flex-col gap-5 p-6 md:p-8">
          <h1 className="text-3xl font-bold wrap-anywhere md:text-4xl" dir="auto">
            {tip.title}
          </h1>
          <p className="text-base-content/80">
            By <AuthorLink tip={tip} className="font-semibold text-base-content" />
            {tip.email && (
              <>
                {" · "}
                <EmailLink email={tip.email} />
              </>
            )}
          </p>
          <dl className="grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-4">
            <Fact label="Plant type">
              <span dir="auto">{tip.plantType}</span>
            </Fact>
            <Fact label="Category">{tip.category}</Fact>
            <Fact label="Difficulty">
              <DifficultyBadge difficulty={tip.difficulty} />
            </Fact>
            <Fact label="Availability">{tip.availability}</Fact>
          </dl>
          {tip.crops.length > 0 && <TipCrops slugs={tip.crops} />}
          {about}
          <p className="text-lg leading-relaxed wrap-anywhere whitespace-pre-line" dir="auto">
            {tip.description}
          </p>
          <div className="flex flex-wrap items-center gap-4 border-t border-base-300 pt-5">
            <LikeButton tip={tip} />
            {actions}
            <ReportButton
              targetType="tip"
              targetId={tip._id}
              what={`tip “${tip.title}”`}
              own={isAuthor}
              className="btn btn-ghost btn-sm ml-auto"
            />
            {isAuthor && (
              <div className="ml-auto flex gap-2">
                <Link to={paths.updateTip.getHref(tip._id)} className="btn btn-outline btn-sm">
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Link>
                <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onDelete}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * The tip's picture whole, never cropped: a portrait phone photo is as tall as the screen allows and the
 * rest of the width is a plain backdrop. Its width and height attributes (an uploaded photo's own) give
 * its box before it loads. "Open the full photo" shows the largest size stored, to look closer.
 */
function TipPhoto({ tip }: { tip: Tip }) {
  const [broken, setBroken] = useState(false);
  return (
    <figure className="relative bg-base-200">
      <TipImage
        src={tip.images}
        photo={tip.photo}
        alt={`Photo: ${tip.title}`}
        {...intrinsicSize(tip.photo, { width: 800, height: 600 })}
        // The article is at most 56rem (896 px) wide.
        sizes="(min-width: 896px) 896px, 100vw"
        className={`block h-auto w-full object-contain ${PHOTO_MAX_HEIGHT}`}
        onError={() => setBroken(true)}
      />
      {/* The default plant image stands for no photo: there is nothing to look at closer. */}
      {ownImageOf(tip.images) && !broken && (
        <a
          href={tip.images}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-sm absolute right-3 bottom-3 border-base-300 bg-base-100 shadow-sm"
        >
          <Maximize2 aria-hidden="true" className="size-4" />
          Open the full photo<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </figure>
  );
}

/**
 * The page is at least a screen tall, loading or loaded: the footer stays below the first screen instead of
 * showing under the loading state and being pushed away when the tip arrives. Loaded, the height is the
 * tip's and what follows it together, so no gap opens between a short tip and its comments.
 */
export const TIP_PAGE_CLASS = "min-h-svh";
/** The tallest the picture is drawn: most of a screen, and no more than 40rem on a tall one. */
const PHOTO_MAX_HEIGHT = "max-h-[min(75svh,40rem)]";

/** A grey block standing for a line or a box of what is loading. */
const BONE = "rounded-field bg-base-300 motion-safe:animate-pulse";

/** The tip's page while it loads: the same frame, picture box and first lines, so nothing moves after. */
export function TipViewSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className={`${TIP_PAGE_CLASS} mx-auto max-w-4xl px-4 py-10`}>
      <span className="sr-only">{label}</span>
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
      >
        <div className={`aspect-[4/3] w-full bg-base-200 motion-safe:animate-pulse ${PHOTO_MAX_HEIGHT}`} />
        <div className="flex flex-col gap-5 p-6 md:p-8">
          <div className={`h-9 w-3/4 md:h-10 ${BONE}`} />
          <div className={`h-5 w-1/2 ${BONE}`} />
          <div className={`h-16 w-full ${BONE}`} />
          <div className={`h-20 w-full ${BONE}`} />
        </div>
      </div>
    </div>
  );
}

/** The calendar's crops a tip names, each linking to its page. */
function TipCrops({ slugs }: { slugs: readonly string[] }) {
  const { bySlug } = useCrops({ only: slugs });
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-base-content/70">In the garden calendar:</span>
      <ul aria-label="Crops" className="contents">
        {slugs.map((slug) => (
          <li key={slug}>
            <Link to={paths.crop.getHref(slug)} className="badge badge-outline badge-lg link-hover">
              {bySlug(slug)?.names.en ?? slug}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/** What stays of a tip whose author deleted their account with everything: a place for others' replies. */
function DeletedTip() {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <PageHead title="Deleted tip" description="This tip was deleted by its author." />
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 md:p-8">
        <h1 className="text-3xl font-bold md:text-4xl">Deleted tip</h1>
        <p className="mt-3 text-base-content/80">
          Its author deleted their account and everything they wrote. The replies others left under it stay
          below.
        </p>
      </div>
    </article>
  );
}
