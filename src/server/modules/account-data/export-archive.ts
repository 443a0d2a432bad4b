import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import yazl from "yazl";
import { z } from "zod";
import { ExportFilesSchema } from "#shared/schemas/account-data.ts";
import { imagesFor } from "../../lib/urls.ts";
import { toComment } from "../comments/index.ts";
import { listNotices, toNotice, toReport } from "../moderation/index.ts";
import { settingsOf } from "../settings/index.ts";
import { toTip } from "../tips/index.ts";
import type { ExportDeps } from "./export-deps.ts";
import { csv, jsonArray } from "./export-formats.ts";
import { readmeEnd, readmeStart, readmeTip } from "./export-readme.ts";
import {
  BLOCKED,
  bookmarkPages,
  commentPages,
  countsOf,
  FOLLOWERS,
  FOLLOWING,
  likePages,
  mutePages,
  peoplePages,
  photosOf,
  profileOf,
  reportPages,
  sessionPages,
  sowingReminderPages,
  tipPages,
} from "./export-reads.ts";

/** The files besides tips, comments and photos, for the progress. */
const OTHER_FILES = 14;
/**
 * A build that writes nothing for this long has stalled (a storage that stopped answering): it fails and
 * is tried again, before its claim lapses (10 minutes) and another server would take it over.
 */
const STALLED_MS = 5 * 60_000;

type Progress = (done: number, total: number) => Promise<void>;

/** Maps each page of `pages` with `each`, counting its rows as written once it is handed on. */
async function* counted<Row, Out>(
  pages: AsyncIterable<Row[]>,
  each: (row: Row) => Out,
  step: (items: number) => Promise<void>,
): AsyncGenerator<Out[]> {
  for await (const rows of pages) {
    yield rows.map(each);
    await step(rows.length);
  }
}

/**
 * Writes the member's whole export as one zip through `write`, and answers its size (ADR 088). Each file
 * is made as the zip reaches it, a page of rows at a time; photos are read from the storage as streams and
 * stored as they are. `progress` hears how far it is at most once a second, and may stop it by throwing.
 */
export async function writeArchive(
  { db, storage, baseUrl, userId }: Pick<ExportDeps, "db" | "storage" | "baseUrl"> & { userId: string },
  write: (body: Readable) => Promise<number>,
  progress: Progress,
): Promise<number> {
  const images = imagesFor(storage, new URL(baseUrl).origin);
  const counts = await countsOf(db, userId);
  const ownPhotos = await photosOf(db, userId);
  // Tips are read twice: for tips.json and for README.html.
  const total = counts.tips * 2 + counts.comments + ownPhotos.length + OTHER_FILES;
  let done = 0;
  let reported = 0;
  let lastStep = Date.now();
  const step = async (items: number) => {
    done += items;
    lastStep = Date.now();
    if (Date.now() - reported < 1000) return;
    reported = Date.now();
    await progress(Math.min(done, total), total);
  };
  await progress(0, total);
  const profile = await profileOf(db, userId, images);

  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  /**
   * yazl listens for no error on the streams it is given: each one's error ends the zip here, so the
   * write rejects (a database error on a page, a photo cut off, a claim taken over) instead of being
   * thrown where nothing catches it, or leaving the write waiting for ever.
   */
  const guarded = <Stream extends Readable>(stream: Stream) => {
    stream.once("error", (error) => output.destroy(error));
    return stream;
  };
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  /** A file written from `lines` when the zip reaches it, counted as one file once written. */
  const lazily = (name: string, lines: () => AsyncIterable<string>) =>
    zip.addReadStreamLazy(name, (ready) =>
      ready(
        null,
        guarded(
          Readable.from(
            (async function* () {
              yield* lines();
              await step(1);
            })(),
          ),
        ),
      ),
    );

  zip.addBuffer(json(profile), "profile.json");
  lazily("tips.json", () =>
    jsonArray(counted(tipPages(db, userId), (row) => toTip(row, images, userId), step)),
  );
  lazily("comments.json", () =>
    jsonArray(
      counted(commentPages(db, userId), (row) => toComment(row, { userId, tipAuthorId: "" }, images), step),
    ),
  );
  lazily("likes.json", () =>
    jsonArray(
      counted(
        likePages(db, userId),
        (row) => ({ tipId: row.tipId, title: row.title, likedAt: row.likedAt.toISOString() }),
        async () => {},
      ),
    ),
  );
  const people = (name: string, sides: typeof FOLLOWING, header: string) =>
    lazily(name, () =>
      csv(["handle", "name", header], peoplePages(db, userId, sides), (row) => [
        row.handle,
        row.name,
        new Date(row.since),
      ]),
    );
  people("follows.csv", FOLLOWING, "followed_at");
  people("followers.csv", FOLLOWERS, "following_you_since");
  people("blocks.csv", BLOCKED, "blocked_at");
  lazily("bookmarks.csv", () =>
    csv(
      ["tip_id", "title", "note", "saved_at", "remind_at", "remind_season", "reminded_at", "tip_deleted_at"],
      bookmarkPages(db, userId),
      (row) => [
        row.tipId,
        row.title,
        row.note,
        row.savedAt,
        row.remindAt,
        row.remindSeason,
        row.remindedAt,
        row.goneAt,
      ],
    ),
  );
  lazily("sowing-reminders.csv", () =>
    csv(
      ["crop", "task", "opens_on", "remind_at", "tip_id", "reminded_at", "set_at"],
      sowingReminderPages(db, userId),
      (row) => [row.crop, row.task, row.opensOn, row.remindAt, row.tipId, row.remindedAt, row.createdAt],
    ),
  );
  zip.addBuffer(json(await settingsOf(db, userId)), "settings.json");
  lazily("reports.json", () => jsonArray(counted(reportPages(db, userId), toReport, async () => {})));
  // Decisions about what one member posted: a handful, read at once.
  zip.addBuffer(json((await listNotices(db, userId, { limit: 10_000 })).map(toNotice)), "notices.json");
  lazily("mutes.csv", () =>
    csv(["what", "id", "title", "muted_at"], mutePages(db, userId), (row) => [
      row.what,
      row.id,
      row.title,
      row.mutedAt,
    ]),
  );
  lazily("sessions.csv", () =>
    csv(
      ["started_at", "last_seen_at", "expires_at", "ip_address", "device"],
      sessionPages(db, userId),
      (row) => [row.createdAt, row.updatedAt, row.expiresAt, row.ip, row.agent],
    ),
  );
  const photoFiles = new Map(ownPhotos.map((photo) => [photo.hash, `photos/${photo.key}`]));
  for (const photo of ownPhotos)
    zip.addReadStreamLazy(`photos/${photo.key}`, { compress: false }, (ready) => {
      storage.get(photo.key).then(
        (file) => {
          // A photo whose file is missing is left empty rather than losing the whole copy.
          const body = guarded(file ? Readable.fromWeb(file.body as WebReadableStream) : Readable.from([]));
          body.once("end", () => void step(1).catch((error: Error) => output.destroy(error)));
          ready(null, body);
        },
        (error: unknown) => ready(error, Readable.from([])),
      );
    });
  zip.addBuffer(json(z.toJSONSchema(ExportFilesSchema, { target: "draft-2020-12" })), "schema.json");
  lazily("README.html", async function* () {
    yield readmeStart(profile, ownPhotos.length);
    const tipsOf = (row: Parameters<typeof toTip>[0]) =>
      readmeTip(toTip(row, images, userId), row.photoHash ? photoFiles.get(row.photoHash) : undefined);
    for await (const page of counted(tipPages(db, userId), tipsOf, step)) yield page.join("");
    yield readmeEnd();
  });
  zip.end();
  const watchdog = setInterval(() => {
    if (Date.now() - lastStep > STALLED_MS)
      output.destroy(new Error("the build stalled: nothing written for 5 minutes"));
  }, 10_000);
  try {
    const size = await write(output);
    await progress(total, total);
    return size;
  } finally {
    clearInterval(watchdog);
  }
}
