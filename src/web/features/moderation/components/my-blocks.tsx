import { Link } from "react-router";
import { useBlocks } from "#web/components/moderation/api/get-blocks.ts";
import { useSetBlocked } from "#web/components/moderation/api/set-blocked.ts";
import { paths } from "#web/config/paths.ts";
import { toast } from "#web/lib/toast.tsx";

/** The members the member blocked, each with a way to unblock; nothing when there is none. */
export function MyBlocks() {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const list = blocks.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="blocks-heading" className="mt-10">
      <h2 id="blocks-heading" className="mb-3 text-xl font-bold">
        Members you blocked
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((block) => (
          <li
            key={block.handle}
            className="flex items-center justify-between gap-3 rounded-box border border-base-300 p-3"
          >
            <Link className="link flex min-w-0 items-center gap-2" to={paths.gardener.getHref(block.handle)}>
              <img src={block.image} alt="" className="size-8 rounded-full object-cover" />
              <span className="truncate">{block.name}</span>
            </Link>
            <button
              type="button"
              className="btn btn-sm"
              disabled={setBlocked.isPending}
              onClick={async () => {
                try {
                  await setBlocked.mutateAsync({ handle: block.handle, blocked: false });
                  toast.success(`You unblocked ${block.name}`);
                } catch (failure) {
                  toast.error(failure instanceof Error ? failure.message : "That did not work; try again");
                }
              }}
            >
              Unblock <span className="sr-only">{block.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
