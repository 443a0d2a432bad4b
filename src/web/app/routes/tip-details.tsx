import { Heart, Pencil, SearchX, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { LoadingState } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { useDeleteTip, useTip, useToggleLike } from "#web/features/tips/api/tip-mutations.ts";
import { DeleteTipDialog } from "#web/features/tips/components/delete-tip-dialog.tsx";
import { DifficultyBadge } from "#web/features/tips/components/difficulty-badge.tsx";
import { likesLabel } from "#web/features/tips/components/tip-card.tsx";
import { TipImage } from "#web/features/tips/components/tip-image.tsx";
import { ApiClientError } from "#web/lib/api-client.ts";

export function TipDetailsRoute() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const tip = useTip(id);
  const like = useToggleLike(id);
  const remove = useDeleteTip();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (tip.isPending) {
    return (
      <>
        <title>Tip details - Gardening Community</title>
        <meta name="description" content="A gardening tip shared by the community." />
        <LoadingState label="Loading tip…" />
      </>
    );
  }
  if (tip.isError) {
    if (tip.error instanceof ApiClientError && tip.error.status === 404) return <TipNotFound />;
    return (
      <>
        <title>Tip details - Gardening Community</title>
        <meta name="description" content="A gardening tip shared by the community." />
        <ErrorState
          title="We could not load this tip"
          message={tip.error.message}
          onRetry={() => tip.refetch()}
          retrying={tip.isFetching}
        />
      </>
    );
  }

  const data = tip.data;
  const isAuthor = user?.email.toLowerCase() === data.email.toLowerCase();
  const liked = Boolean(data.likedByMe);

  const toggleLike = () =>
    like.mutate(!liked, {
      onError: (error) => toast.error(`Your like could not be saved: ${error.message}`),
    });

  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <title>{`${data.title} - Gardening Community`}</title>
      <meta name="description" content={data.description.slice(0, 150)} />
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <TipImage
          src={data.images}
          alt={`Illustration for ${data.title}`}
          width={800}
          height={600}
          className="aspect-[4/3] max-h-[420px] w-full bg-base-200 object-cover"
        />
        <div className="flex flex-col gap-5 p-6 md:p-8">
          <h1 className="text-3xl font-bold break-words md:text-4xl">{data.title}</h1>
          <p className="text-base-content/80">
            By <span className="font-semibold text-base-content">{data.name}</span> ·{" "}
            <a href={`mailto:${data.email}`} className="link link-hover break-all">
              {data.email}
            </a>
          </p>
          {/* Each fact once, labelled (a badge row above the title repeated three of them). */}
          <dl className="grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-base-content/70">Plant type</dt>
              <dd className="font-medium break-words">{data.plantType}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">Category</dt>
              <dd className="font-medium">{data.category}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">Difficulty</dt>
              <dd className="mt-0.5">
                <DifficultyBadge difficulty={data.difficulty} />
              </dd>
            </div>
            <div>
              <dt className="text-base-content/70">Availability</dt>
              <dd className="font-medium">{data.availability}</dd>
            </div>
          </dl>
          <p className="text-lg leading-relaxed break-words whitespace-pre-line">{data.description}</p>
          <div className="flex flex-wrap items-center gap-4 border-t border-base-300 pt-5">
            <button
              type="button"
              className={`btn ${liked ? "btn-primary" : "btn-outline"}`}
              aria-pressed={liked}
              onClick={toggleLike}
              disabled={like.isPending}
            >
              <Heart aria-hidden="true" className={`size-5 ${liked ? "fill-current" : ""}`} />
              {liked ? "Liked" : "Like"}
            </button>
            <span aria-live="polite" className="text-base-content/80">
              {likesLabel(data.totalLiked)}
            </span>
            {isAuthor && (
              <div className="ml-auto flex gap-2">
                <Link to={paths.updateTip.getHref(data._id)} className="btn btn-outline btn-sm">
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
      {isAuthor && (
        <DeleteTipDialog
          tipTitle={data.title}
          open={confirming}
          deleting={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(data._id, {
              onSuccess: () => {
                toast.success("Deleted Successfully!");
                // Replace: going back must not land on the page of a tip that no longer exists.
                navigate(paths.myTips.getHref(), { replace: true });
              },
              onError: (error) => toast.error(`The tip could not be deleted: ${error.message}`),
            })
          }
        />
      )}
    </article>
  );
}

function TipNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <title>Tip not found - Gardening Community</title>
      <meta name="description" content="This gardening tip cannot be found: it may have been deleted." />
      <SearchX aria-hidden="true" className="size-14 text-base-content/60" />
      <h1 className="text-2xl font-bold">This tip cannot be found</h1>
      <p className="text-base-content/80">It may have been deleted, or its author keeps it private.</p>
      <Link to={paths.browseTips.getHref()} className="btn btn-primary">
        Browse public tips
      </Link>
    </section>
  );
}
