import { Eye, MessageCircle, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { paths } from "#web/config/paths.ts";
import { AuthorLink } from "./author-link.tsx";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { commentsLabel, likesLabel } from "./likes-label.ts";
import { SeeMoreLink } from "./tip-card.tsx";
import { TipThumbnail } from "./tip-image.tsx";
import type { TipColumn } from "./tip-table.tsx";

/** The columns the tip tables are made of (Browse Tips, My Tips and the dashboard's tables). */
export const tipColumns = {
  image: { header: "Image", cell: (tip) => <TipThumbnail tip={tip} />, role: "media", className: "w-24" },
  title: {
    header: "Title",
    cell: (tip) => (
      <>
        <span dir="auto">{tip.title}</span>
        {/* A conversation under a tip is worth knowing of before opening it. */}
        {tip.totalComments > 0 && (
          <span className="mt-0.5 flex items-center gap-1 text-xs font-normal text-base-content/70">
            <MessageCircle aria-hidden="true" className="size-3.5" />
            {commentsLabel(tip.totalComments)}
          </span>
        )}
      </>
    ),
    role: "title",
    className: "min-w-44 font-medium wrap-anywhere",
  },
  /** The title as a link to the tip's page. */
  titleLink: {
    header: "Title",
    cell: (tip) => (
      <Link to={paths.tip.getHref(tip._id)} className="link link-hover" dir="auto">
        {tip.title}
      </Link>
    ),
    role: "title",
    className: "min-w-44 max-w-md font-medium wrap-anywhere",
  },
  /** The title with the plant type under it (the dashboard's wide tables). */
  titleAndPlant: {
    header: "Title",
    cell: (tip) => (
      <>
        <span className="block" dir="auto">
          {tip.title}
        </span>
        <span className="block text-xs font-normal text-base-content/70" dir="auto">
          {tip.plantType}
        </span>
      </>
    ),
    role: "title",
    className: "min-w-44 font-medium wrap-anywhere",
  },
  category: { header: "Category", cell: (tip) => tip.category, className: "min-w-28" },
  level: { header: "Level", cell: (tip) => <DifficultyBadge difficulty={tip.difficulty} /> },
  difficulty: { header: "Difficulty", cell: (tip) => <DifficultyBadge difficulty={tip.difficulty} /> },
  plantType: {
    header: "Plant type",
    cell: (tip) => <span dir="auto">{tip.plantType}</span>,
    className: "min-w-28 wrap-anywhere",
  },
  author: {
    header: "Author",
    cell: (tip) => <AuthorLink tip={tip} />,
    className: "min-w-28 wrap-anywhere",
  },
  likes: { header: "Likes", cell: (tip) => likesLabel(tip.totalLiked), className: "whitespace-nowrap" },
  /** My Tips' Status column shows the availability. */
  status: {
    header: "Status",
    cell: (tip) => (
      <span className={`badge badge-sm ${tip.availability === "Public" ? "badge-success" : "badge-ghost"}`}>
        {tip.availability}
      </span>
    ),
  },
  /** Browse Tips' "See More", named after its tip for screen readers and link-text checks. */
  seeMore: {
    header: "Action",
    cell: (tip) => <SeeMoreLink tip={tip} />,
    role: "actions",
  },
} satisfies Record<string, TipColumn>;

/** The description cut to `length` characters with an ellipsis (the specification's 50 and 60). */
export function descriptionColumn(length: number): TipColumn {
  return {
    header: "Description",
    cell: (tip) => (
      <span dir="auto" title={tip.description}>
        {truncate(tip.description, length)}
      </span>
    ),
    className: "min-w-44 max-w-56 text-sm wrap-anywhere",
  };
}

function truncate(text: string, length: number): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join("").trimEnd()}…` : text;
}

/** The author's actions on their own tips: Update (or Edit) and Delete, and View where asked for. */
export function ownerActionsColumn({
  onDelete,
  editLabel = "Update",
  view = false,
  returnTo,
}: {
  onDelete: (tip: Tip) => void;
  editLabel?: "Update" | "Edit";
  view?: boolean;
  /** Where the edit page goes once saved, when not My Tips (the dashboard's own list). */
  returnTo?: string;
}): TipColumn {
  return {
    header: "Actions",
    role: "actions",
    // The buttons alone: the table keeps them on one line, a phone's card lets them wrap (tip-table.tsx).
    cell: (tip) => (
      <>
        {view && (
          <Link
            to={paths.tip.getHref(tip._id)}
            className="btn btn-outline btn-xs"
            aria-label={`View ${tip.title}`}
          >
            <Eye aria-hidden="true" className="size-3.5" />
            View
          </Link>
        )}
        <Link
          to={paths.updateTip.getHref(tip._id)}
          state={returnTo ? { returnTo } : undefined}
          className="btn btn-outline btn-xs"
          aria-label={`${editLabel} ${tip.title}`}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
          {editLabel}
        </Link>
        {/* A member's lists are rendered by the server too (ADR 037): Delete waits for the script. */}
        <HydrationGate>
          <button
            type="button"
            className="btn btn-outline btn-error btn-xs"
            onClick={() => onDelete(tip)}
            aria-label={`Delete ${tip.title}`}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
            Delete
          </button>
        </HydrationGate>
      </>
    ),
  };
}
