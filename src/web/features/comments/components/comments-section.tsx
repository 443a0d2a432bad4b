import { type LucideIcon, MessageCircle, Pencil, Reply, Trash2 } from "lucide-react";
import {
  type ReactNode,
  type Ref,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { HIDDEN_PENDING_REVIEW, REMOVED_BY_MODERATORS } from "#shared/constants.ts";
import type { Comment } from "#shared/schemas/comment.ts";
import type { Hold } from "#shared/schemas/hold.ts";
import type { Tip } from "#shared/schemas/tip.ts";
import { ReportButton } from "#web/components/moderation/report-button.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { LinkedText } from "#web/components/ui/linked-text.tsx";
import { LoadingState } from "#web/components/ui/loading-state.tsx";
import { RoleBadge } from "#web/components/ui/role-badge.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { countLabel } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.tsx";
import { useComments, useDeleteComment } from "../api/comments.ts";
import { CommentFormSlot, NewCommentSlot } from "./comment-form-slot.tsx";

/** A comment and the replies of its thread, in the order they were written. */
interface Thread {
  root: Comment;
  replies: Comment[];
}

function threadsOf(comments: Comment[]): Thread[] {
  const threads: Thread[] = [];
  const byId = new Map<string, Thread>();
  for (const comment of comments) {
    const thread = comment.threadId ? byId.get(comment.threadId) : undefined;
    if (thread) thread.replies.push(comment);
    else {
      const started = { root: comment, replies: [] };
      threads.push(started);
      byId.set(comment.threadId ?? comment._id, started);
    }
  }
  return threads;
}

/** A comment longer than this is shown clamped to its first lines, with "Show more" to read it all. */
const LONG_COMMENT = { characters: 600, lines: 8 };

/** What the section tells screen readers (politely) once a comment is saved. */
const SAVED = {
  comment: "Your comment was posted.",
  reply: "Your reply was posted.",
  edit: "Your change was saved.",
};

/** When a comment was written, in the reader's own time zone. */
const written = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A tip's comments under its page: threads one reply deep, the form to add one, and more on demand. What
 * the reader may do with each comment (change it, delete it) is the server's answer, not worked out here.
 */
export function CommentsSection({
  tip,
  threadAction,
}: {
  tip: Tip;
  /** What else a thread's first comment offers a signed-in member (muting the thread), from the route. */
  threadAction?: (root: Comment, who: string) => ReactNode;
}) {
  const { user } = useUser();
  const comments = useComments(tip._id);
  const canWrite = Boolean(user?.emailVerified);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const remove = useDeleteComment(tip._id);
  // Comments arriving in numbers (the first page, the next) are drawn in the background (a transition
  // React splits into short slices), as lists are: fifty drawn at once held a phone's main thread for over
  // a second. A change to the pages read (a comment posted, changed or deleted) shows at once.
  const fresh = comments.data;
  const deferred = useDeferredValue(fresh);
  const read = fresh && deferred && fresh.pages.length === deferred.pages.length ? fresh : deferred;
  // Meanwhile "Show more comments" stays, busy, so the focus it holds is not dropped before the comments
  // it brought are on the page to take it.
  const drawing = read !== undefined && read !== fresh;
  const all = useMemo(() => read?.pages.flatMap((page) => page.items) ?? [], [read]);
  const total = read?.pages[0]?.total ?? tip.totalComments;
  // The comment that takes focus once it is on the page: a reply just posted, the first of the next page.
  // A link to one comment (a notification's: #comment-<id>) brings it into view once it is read.
  const { hash } = useLocation();
  const [focusId, setFocusId] = useState<string | null>(() =>
    hash.startsWith("#comment-") ? hash.slice("#comment-".length) : null,
  );
  const focusDone = useCallback(() => setFocusId(null), []);
  // A comment asked for that is not among those read (a reply beyond the pages shown) is not waited for:
  // it must not take focus later, when more comments are read.
  const shown =
    !comments.isFetching &&
    focusId !== null &&
    Boolean(comments.data?.pages.some((page) => page.items.some((comment) => comment._id === focusId)));
  useEffect(() => {
    if (focusId !== null && !comments.isFetching && !shown) setFocusId(null);
  }, [focusId, comments.isFetching, shown]);
  // Said once each time (a new node in the live region), even when the words are the same as the last.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const announce = useCallback((text: string) => setSaid((last) => ({ text, n: (last?.n ?? 0) + 1 })), []);
  const saved = useCallback(
    (comment: Comment, kind: keyof typeof SAVED) => {
      announce(SAVED[kind]);
      if (kind === "reply") setFocusId(comment._id);
    },
    [announce],
  );

  // A thread's first comment and its replies are drawn alike; only where they sit differs.
  const item = (comment: Comment, root = false) => (
    <CommentItem
      comment={comment}
      tipId={tip._id}
      canWrite={canWrite}
      extra={root && user && comment.author ? threadAction?.(comment, comment.author.name) : undefined}
      onDelete={setDeleting}
      onSaved={saved}
      focus={focusId === comment._id}
      onFocused={focusDone}
    />
  );

  const showMore = async () => {
    if (comments.isFetchingNextPage || drawing) return;
    const before = new Set(comments.data?.pages.flatMap((page) => page.items.map((comment) => comment._id)));
    const result = await comments.fetchNextPage();
    const after = result.data?.pages.flatMap((page) => page.items) ?? [];
    // The first new thread, or else the first new reply (to a thread already shown).
    const first =
      threadsOf(after).find(({ root }) => !before.has(root._id))?.root ??
      after.find((comment) => !before.has(comment._id));
    if (first) setFocusId(first._id);
  };
  return (
    <section aria-labelledby="comments-heading" className="mx-auto mt-8 max-w-4xl px-4 pb-12">
      <h2 id="comments-heading" className="mb-4 flex items-center gap-2 text-2xl font-bold">
        <MessageCircle aria-hidden="true" className="size-6" />
        {countLabel(total, { one: "comment", many: "comments" })}
      </h2>
      {!user ? (
        <p className="mb-6 text-base-content/80">
          <Link to={paths.auth.login.getHref()} className="link link-primary">
            Sign in
          </Link>{" "}
          to join the conversation.
        </p>
      ) : canWrite ? (
        <NewCommentSlot
          tipId={tip._id}
          label="Add a comment"
          submit="Post comment"
          onSaved={(comment) => saved(comment, "comment")}
        />
      ) : (
        <p className="alert alert-info mb-6">
          Verify your e-mail address to comment: use the link we sent you.
        </p>
      )}
      {comments.isPending || (read === undefined && comments.data !== undefined) ? (
        <LoadingState label="Loading comments…" />
      ) : comments.isError && all.length === 0 ? (
        <ErrorState
          title="We could not load the comments"
          message={comments.error.message}
          onRetry={() => comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : all.length === 0 ? (
        <p className="text-base-content/70">No comments yet. Start the conversation.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {threadsOf(all).map(({ root, replies }) => (
            <li key={root._id} className={THREAD}>
              {item(root, true)}
              {replies.length > 0 && (
                <ol className="mt-3 flex flex-col gap-3 border-l-2 border-base-300 pl-4" aria-label="Replies">
                  {replies.map((reply) => (
                    <li key={reply._id}>{item(reply)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {read !== undefined && (comments.hasNextPage || drawing) && (
        <div className="mt-6 flex justify-center">
          {/* aria-disabled, not disabled, while the page comes: a disabled button would drop the focus. */}
          <button
            type="button"
            className={`btn btn-outline ${comments.isFetchingNextPage || drawing ? "btn-disabled" : ""}`}
            onClick={showMore}
            aria-disabled={comments.isFetchingNextPage || drawing || undefined}
          >
            {comments.isFetchingNextPage || drawing ? "Loading…" : "Show more comments"}
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {said && <span key={said.n}>{said.text}</span>}
      </p>
      <ConfirmDialog
        title="Delete comment"
        question="Are you sure you want to delete this comment?"
        detail={
          deleting?.author && (
            <p className="text-sm wrap-anywhere text-base-content/80" dir="auto">
              “{deleting.body.length > 120 ? `${deleting.body.slice(0, 120)}…` : deleting.body}” by{" "}
              {deleting.author.name}
            </p>
          )
        }
        confirmLabel="Delete"
        open={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success("Comment deleted");
            },
            onError: (error) => toast.error(`The comment could not be deleted: ${error.message}`),
          });
        }}
      />
    </section>
  );
}

/**
 * A thread's box. A thread out of sight is laid out and painted only when it comes near the screen
 * (`content-visibility: auto`, sized meanwhile as it last was, or about a short comment's height): a
 * tip with fifty comments lays out the few in view on a phone. Its text stays in the page, for
 * find-in-page and screen readers.
 */
const THREAD =
  "rounded-box border border-base-300 bg-base-100 p-4 [content-visibility:auto] [contain-intrinsic-size:auto_9rem]";

/** A comment that may take focus (tabIndex -1): outlined when it does, clear of the sticky header. */
/** A comment's author's name, leading to their page. */
const AUTHOR_LINK = "link link-hover font-semibold wrap-anywhere";

const FOCUSABLE =
  "scroll-mt-24 rounded-field outline-offset-4 focus-visible:outline-2 focus-visible:outline-primary";

function CommentItem({
  comment,
  tipId,
  canWrite,
  extra,
  onDelete,
  onSaved,
  focus,
  onFocused,
}: {
  comment: Comment;
  tipId: string;
  canWrite: boolean;
  /** Another action beside Reply, Edit and Delete (a thread's mute). */
  extra?: ReactNode;
  onDelete: (comment: Comment) => void;
  onSaved: (comment: Comment, kind: "reply" | "edit") => void;
  /** Takes focus once on the page: a reply just posted, the first comment of a page just read. */
  focus: boolean;
  onFocused: () => void;
}) {
  const [mode, setMode] = useState<"read" | "edit" | "reply">("read");
  const self = useRef<HTMLElement | null>(null);
  const setSelf = useCallback((element: HTMLElement | null) => {
    self.current = element;
  }, []);
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    self.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  // A reply or change closed (Cancel, Escape, saved) gives focus back to the button that opened it; a reply
  // just posted then takes it, once it is on the page.
  const previousMode = useRef(mode);
  useLayoutEffect(() => {
    const was = previousMode.current;
    previousMode.current = mode;
    if (mode !== "read" || was === "read") return;
    const opener = was === "reply" ? replyButton.current : editButton.current;
    (opener ?? self.current)?.focus();
  }, [mode]);

  // Placeholders at 75 % of the text colour: 60 % fell under 4.5:1 on the light theme's cards.
  if (comment.deleted)
    return (
      <p ref={setSelf} tabIndex={-1} className={`text-base-content/75 italic ${FOCUSABLE}`}>
        [deleted]
      </p>
    );
  if (!comment.author)
    return (
      <div ref={setSelf} tabIndex={-1} className={`flex flex-wrap items-center gap-2 ${FOCUSABLE}`}>
        <p className="text-base-content/75 italic">
          {comment.removed ? REMOVED_BY_MODERATORS : HIDDEN_PENDING_REVIEW}
        </p>
        {comment.canDelete && (
          <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => onDelete(comment)}>
            <Trash2 aria-hidden="true" className="size-3.5" />
            Delete<span className="sr-only"> hidden comment</span>
          </button>
        )}
      </div>
    );
  const { author } = comment;
  return (
    <article
      ref={setSelf}
      id={`comment-${comment._id}`}
      tabIndex={-1}
      aria-label={`Comment by ${author.name}`}
      className={FOCUSABLE}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar src={author.image} photo={author.photo} name="" size={28} />
        {author.gone && <span className="font-semibold italic">{author.name}</span>}
        {!author.gone && (
          <Link to={paths.gardener.getHref(author.handle)} className={AUTHOR_LINK} dir="auto">
            {author.name}
          </Link>
        )}
        <RoleBadge role={author.role} />
        <time dateTime={comment.createdAt} className="text-base-content/70">
          {written.format(new Date(comment.createdAt))}
        </time>
        {comment.editedAt && (
          <span
            className="text-base-content/70"
            title={`Edited ${written.format(new Date(comment.editedAt))}`}
          >
            (edited)
          </span>
        )}
      </header>
      {comment.hold && <CommentHold hold={comment.hold} />}
      {mode === "edit" ? (
        <CommentFormSlot
          tipId={tipId}
          label="Change your comment"
          submit="Save"
          editing={comment}
          autoFocus
          onSaved={(saved) => onSaved(saved, "edit")}
          onDone={() => setMode("read")}
        />
      ) : (
        <CommentBody text={comment.body} />
      )}
      {mode === "read" && (canWrite || comment.canEdit || comment.canDelete || extra) && (
        <div className="mt-2 flex flex-wrap gap-1">
          {canWrite && !comment.hidden && (
            <CommentAction
              ref={replyButton}
              icon={Reply}
              label="Reply"
              hint={` to ${author.name}`}
              onClick={() => setMode("reply")}
            />
          )}
          {comment.canEdit && (
            <CommentAction
              ref={editButton}
              icon={Pencil}
              label="Edit"
              hint=" your comment"
              onClick={() => setMode("edit")}
            />
          )}
          {comment.canDelete && (
            <CommentAction
              icon={Trash2}
              label="Delete"
              hint={` comment by ${author.name}`}
              danger
              onClick={() => onDelete(comment)}
            />
          )}
          {canWrite && (
            <ReportButton
              targetType="comment"
              targetId={comment._id}
              what={`comment by ${author.name}`}
              own={comment.canEdit || comment.hold !== undefined}
            />
          )}
          {extra}
        </div>
      )}
      {mode === "reply" && (
        <CommentFormSlot
          tipId={tipId}
          label={`Reply to ${author.name}`}
          submit="Post reply"
          replyTo={comment._id}
          autoFocus
          onSaved={(saved) => onSaved(saved, "reply")}
          onDone={() => setMode("read")}
        />
      )}
    </article>
  );
}

/**
 * A comment's text; a long one (a screenful and more) shows its first lines, with a button to read it all.
 * The whole text is on the page either way: clamped only to the eye, never to a screen reader.
 */
function CommentBody({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > LONG_COMMENT.characters || text.split("\n").length > LONG_COMMENT.lines;
  // On a wide screen a long text may still fit in the clamped lines: then there is nothing more to show,
  // and no button. Measured where the page is drawn (a screen of its own has heights).
  // Measured again for a changed text.
  const [fitting, setFitting] = useState<string | null>(null);
  useLayoutEffect(() => {
    const clamped = document.getElementById(id);
    if (!long || !clamped || clamped.clientHeight === 0) return;
    if (clamped.scrollHeight <= clamped.clientHeight + 1) setFitting(text);
  }, [id, long, text]);
  if (!long || fitting === text) return <LinkedText text={text} className="mt-2" mentions />;
  return (
    <div className="mt-2">
      <LinkedText id={id} text={text} className={open ? "" : "line-clamp-8"} mentions />
      <button
        type="button"
        className="btn btn-link btn-xs px-0"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? "Show less" : "Show more"}
      </button>
    </div>
  );
}

/** Told to a comment's author only, while it is hidden pending review. */
function CommentHold({ hold }: { hold: Hold }) {
  return (
    <p role="status" className="mt-2 flex items-start gap-1.5 text-sm">
      <span className="badge badge-warning badge-sm shrink-0">{HIDDEN_PENDING_REVIEW}</span>{" "}
      <span className="text-base-content/80">
        Reported as {hold.reason}. Only you can see it
        {hold.onAccount
          ? ": your account is on hold until a moderator decides."
          : hold.reviewAskedAt
            ? "; you changed it and asked for it back, and a moderator will decide."
            : "; you may change it once to ask for it to be shown again."}
      </span>
    </p>
  );
}

/**
 * One of a comment's small actions (Reply, Edit, Delete). `hint` finishes the words for a screen reader,
 * which hears the button apart from the comment it sits under ("Reply to Ana").
 */
function CommentAction({
  ref,
  icon: Icon,
  label,
  hint,
  danger = false,
  onClick,
}: {
  ref?: Ref<HTMLButtonElement>;
  icon: LucideIcon;
  label: string;
  hint: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={danger ? "btn btn-ghost btn-xs text-error" : "btn btn-ghost btn-xs"}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
      <span className="sr-only">{hint}</span>
    </button>
  );
}
