import { Heart } from "lucide-react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { likesLabel } from "./likes-label.ts";
import { TipImage } from "./tip-image.tsx";

/** A tip as a card: the home page's trending tips and the phone layout of the browse page. */
export function TipCard({ tip, lazy = true }: { tip: Tip; lazy?: boolean }) {
  return (
    <article className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <figure className="aspect-[4/3] bg-base-200">
        <TipImage
          src={tip.images}
          alt={`Illustration for ${tip.title}`}
          width={800}
          height={600}
          // The grid's columns: one on phones, two from 640 px, three from 1024 px.
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          loading={lazy ? "lazy" : "eager"}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-sm badge-outline">{tip.category}</span>
          <DifficultyBadge difficulty={tip.difficulty} />
        </div>
        <h3 className="card-title text-lg wrap-anywhere" dir="auto">
          {tip.title}
        </h3>
        <p className="text-sm text-base-content/80">
          {tip.plantType} · by {tip.name}
        </p>
        <div className="card-actions mt-auto items-center justify-between pt-2">
          <span className="inline-flex items-center gap-1 text-sm text-base-content/80">
            <Heart aria-hidden="true" className="size-4" />
            {likesLabel(tip.totalLiked)}
          </span>
          <Link
            to={paths.tip.getHref(tip._id)}
            className="btn btn-primary btn-sm"
            aria-label={`See more about ${tip.title}`}
          >
            See More
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Tip cards in a responsive grid: the home page's trending tips and Browse Tips on a phone. */
export function TipCardGrid({
  tips,
  className = "sm:grid-cols-2 lg:grid-cols-3",
}: {
  tips: Tip[];
  className?: string;
}) {
  return (
    <div className={`grid gap-6 ${className}`}>
      {tips.map((tip) => (
        <TipCard key={tip._id} tip={tip} />
      ))}
    </div>
  );
}
