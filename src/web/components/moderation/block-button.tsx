import { Ban } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useBlocks } from "./api/get-blocks.ts";
import { useSetBlocked } from "./api/set-blocked.ts";

/** On another member's gardener page: block them (after a confirmation), or unblock them. */
export function BlockButton({ handle, name }: { handle: string; name: string }) {
  const { user } = useUser();
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const [asking, setAsking] = useState(false);
  if (!user || blocks.isPending) return null;
  const blocked = (blocks.data ?? []).some((block) => block.handle === handle);
  const change = async (block: boolean) => {
    try {
      await setBlocked.mutateAsync({ handle, blocked: block });
      toast.success(block ? `You blocked ${name}` : `You unblocked ${name}`);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "That did not work; try again");
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={setBlocked.isPending}
        onClick={() => (blocked ? change(false) : setAsking(true))}
      >
        <Ban aria-hidden="true" className="size-4" />
        {blocked ? "Unblock" : "Block"}
      </button>
      <ConfirmDialog
        title={`Block ${name}?`}
        question={`${name} will not be able to comment on your tips, and you will no longer see their comments.`}
        detail="They are not told. You can unblock them here or under Your reports."
        confirmLabel="Block"
        open={asking}
        busy={setBlocked.isPending}
        onConfirm={async () => {
          await change(true);
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
