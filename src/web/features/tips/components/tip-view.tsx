import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { intrinsicSize } from "#web/components/ui/fallback-image.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { TipImage } from "./tip-image.tsx";

/**
 * A tip's page (spec section 2): title, author name and e-mail, image, each fact once and labelled,
 * the description, the like toggle and, for its author, Edit and Delete.
 */
export function TipView({ tip, isAuthor, onDelete }: { tip: Tip; isAuthor: boolean; onDelete: () => void }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <PageHead title={tip.title} description={tip.description.slice(0, 150)} />
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <TipImage
          src={tip.images}
          alt={`Illustration for ${tip.title}`}
          {...intrinsicSize(tip.images, { width: 800, height: 600 })}
          // The article is at most 56rem (896 px) wide.
          sizes="(min-width: 896px) 896px, 100vw"
          className="aspect-[4/3] max-h-[420px] w-full bg-base-200 object-cover"
        />
        <div className="flex flex-col gap-5 p-6 md:p-8">
          <h1 className="text-3xl font-bold wrap-anywhere md:text-4xl" dir="auto">
            {tip.title}
          </h1>
          <p className="text-base-content/80">
            By{" "}
            <span className="font-semibold text-base-content" dir="auto">
              {tip.name}
            </span>{" "}
            ·{" "}
            <a href={`mailto:${tip.email}`} className="link link-hover break-all">
              {tip.email}
            </a>
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
          <p className="text-lg leading-relaxed wrap-anywhere whitespace-pre-line" dir="auto">
            {tip.description}
          </p>
          <div className="flex flex-wrap items-center gap-4 border-t border-base-300 pt-5">
            <LikeButton tip={tip} />
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

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}
