import { Pencil, Plus, Sprout, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Tip } from "#shared/schemas/tip.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { useTips } from "#web/features/tips/api/get-tips.ts";
import { useDeleteTip } from "#web/features/tips/api/tip-mutations.ts";
import { DeleteTipDialog } from "#web/features/tips/components/delete-tip-dialog.tsx";
import { TipThumbnail } from "#web/features/tips/components/tip-image.tsx";

const PAGE_SIZE = 20;

export function MyTipsRoute() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const tips = useTips({ email: user?.email, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const remove = useDeleteTip();
  const [pending, setPending] = useState<Tip | null>(null);
  const total = tips.data?.total ?? 0;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <title>My Tips - Gardening Community</title>
      <meta name="description" content="The gardening tips you have shared." />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My Tips</h1>
          <p className="mt-1 text-base-content/80">Every tip you have shared, public or not.</p>
        </div>
        <Link to={paths.shareTip.getHref()} className="btn btn-primary">
          <Plus aria-hidden="true" className="size-4" />
          Share a tip
        </Link>
      </div>

      <ListQueryView
        query={tips}
        loadingLabel="Loading your tips…"
        errorTitle="We could not load your tips"
        paging={{
          page,
          pageSize: PAGE_SIZE,
          replacePage: (last) => setSearchParams(last > 1 ? { page: String(last) } : {}, { replace: true }),
        }}
        empty={
          <EmptyState
            icon={<Sprout aria-hidden="true" className="size-12 text-base-content/50" />}
            message="No tips added yet."
          >
            <Link to={paths.shareTip.getHref()} className="btn btn-outline btn-sm">
              Share your first tip
            </Link>
          </EmptyState>
        }
      >
        {(list) => (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table">
                <thead className="bg-base-200 text-base-content">
                  <tr>
                    <th scope="col">Image</th>
                    <th scope="col">Title</th>
                    <th scope="col">Category</th>
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((tip) => (
                    <tr key={tip._id}>
                      <td>
                        <TipThumbnail tip={tip} />
                      </td>
                      <td className="min-w-44 font-medium break-words">
                        <Link to={paths.tip.getHref(tip._id)} className="link link-hover">
                          {tip.title}
                        </Link>
                      </td>
                      <td>{tip.category}</td>
                      <td>
                        <span
                          className={`badge badge-sm ${tip.availability === "Public" ? "badge-success" : "badge-ghost"}`}
                        >
                          {tip.availability}
                        </span>
                      </td>
                      <td>
                        <div className="flex gap-2">
                          <Link
                            to={paths.updateTip.getHref(tip._id)}
                            className="btn btn-outline btn-xs"
                            aria-label={`Update ${tip.title}`}
                          >
                            <Pencil aria-hidden="true" className="size-3.5" />
                            Update
                          </Link>
                          <button
                            type="button"
                            className="btn btn-outline btn-error btn-xs"
                            onClick={() => setPending(tip)}
                            aria-label={`Delete ${tip.title}`}
                          >
                            <Trash2 aria-hidden="true" className="size-3.5" />
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))}
              onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
              label="My tip pages"
            />
          </>
        )}
      </ListQueryView>

      <DeleteTipDialog
        tipTitle={pending?.title ?? ""}
        open={pending !== null}
        deleting={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending._id, {
            onSuccess: () => {
              toast.success("Deleted Successfully!");
              setPending(null);
            },
            onError: (error) => toast.error(`The tip could not be deleted: ${error.message}`),
          });
        }}
      />
    </section>
  );
}
