import { z } from "zod";
import { ROLES } from "../constants.ts";
import { CommentSchema } from "./comment.ts";
import { ProfileSchema } from "./gardener.ts";
import { NoticeSchema, ReportSchema } from "./moderation.ts";
import { SettingsSchema } from "./settings.ts";
import { TipSchema } from "./tip.ts";

/**
 * Where a copy of a member's data is: asked for (`waiting`), being written (`building`), ready to download
 * for 48 hours (`ready`), deleted after them (`expired`), or given up after repeated failures (`failed`).
 */
export const EXPORT_STATES = ["waiting", "building", "ready", "failed", "expired"] as const;

/** How long a copy can be downloaded once ready, and how often a member may ask for one. */
export const EXPORT_KEPT_HOURS = 48;
export const EXPORT_EVERY_HOURS = 24;

/** A member's latest copy of their data, as the profile shows it. */
const DataExportSchema = z
  .object({
    _id: z.string(),
    state: z.enum(EXPORT_STATES),
    requestedAt: z.string(),
    /** How far the build is: items written of those to write (tips, comments, photos, ...). */
    progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
    readyAt: z.string().nullable(),
    /** When the download link stops working and the file is deleted; null until ready. */
    expiresAt: z.string().nullable(),
    /** The zip's size in bytes, once ready. */
    size: z.number().int().nullable(),
    /** The signed download link, only to its owner and only while it is ready. */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: "DataExport" });
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportStatusSchema = z
  .object({
    /** The newest copy asked for; null if the member never asked. */
    latest: DataExportSchema.nullable(),
    /** When the member may ask for another copy; null when they may now. */
    nextAllowedAt: z.string().nullable(),
  })
  .meta({ id: "DataExportStatus" });
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

// What the zip holds: each JSON file is an API shape or one made of them (its JSON Schema is in the zip).

/** profile.json: the account and the gardener page. */
const ExportProfileSchema = z
  .object({
    account: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      handle: z.string(),
      /** Handles the member had before, which still lead to their page. */
      formerHandles: z.array(z.string()),
      role: z.enum(ROLES),
      createdAt: z.string(),
      signsInWith: z.array(z.enum(["password", "google"])),
    }),
    page: ProfileSchema,
  })
  .meta({ id: "ExportProfile" });

/** likes.json: the tips the member liked; the title only while the member may still see the tip. */
const ExportLikeSchema = z
  .object({ tipId: z.string(), title: z.string().nullable(), likedAt: z.string() })
  .meta({ id: "ExportLike" });

/** The JSON files of the zip and their shapes, as `schema.json` in the zip describes them. */
export const ExportFilesSchema = z
  .object({
    "profile.json": ExportProfileSchema,
    "tips.json": z.array(TipSchema),
    "comments.json": z.array(CommentSchema),
    "likes.json": z.array(ExportLikeSchema),
    "settings.json": SettingsSchema,
    "reports.json": z.array(ReportSchema),
    "notices.json": z.array(NoticeSchema),
  })
  .meta({
    id: "DataExportFiles",
    description:
      "The JSON files of a Gardening Community data export, by name. Shapes match the site's API document.",
  });
export type ExportFiles = z.infer<typeof ExportFilesSchema>;

// Deleting an account (ADR 089).

/** How long a member has to change their mind: signing in before then keeps the account. */
export const DELETION_GRACE_DAYS = 7;
/** How long the handle of a deleted account stays unused by anyone. */
export const DELETED_HANDLE_KEPT_DAYS = 90;

/**
 * Where a deletion is: waiting out its grace (`pending`), called off by the member (`cancelled`), or done
 * (`done`).
 */
export const DELETION_STATES = ["pending", "cancelled", "done"] as const;

/**
 * What stays of what the member wrote: nothing (tips, photos, comments and likes are removed), or their
 * tips and comments under "Former gardener", with nothing that names them.
 */
export const DELETION_KEEPS = ["nothing", "anonymous"] as const;
export type DeletionKeep = (typeof DELETION_KEEPS)[number];

/** What the shown name of a deleted account is, wherever its tips or comments stay. */
export const FORMER_GARDENER = "Former gardener";

/** A member's request about their data, as the administrators see it: who, what and when, never what. */
export const DataRequestSchema = z
  .object({
    _id: z.string(),
    /** A copy of their data, or the deletion of their account. */
    kind: z.enum(["export", "deletion"]),
    /** Who asked; "Former gardener" once their account is deleted. */
    member: z.object({ name: z.string(), handle: z.string().nullable() }),
    state: z.enum([...EXPORT_STATES, ...DELETION_STATES]),
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    /** When the copy is deleted; null until it is ready, and for a deletion. */
    expiresAt: z.string().nullable(),
    /** When a deletion is done, or was: the end of its grace. Null for a copy. */
    dueAt: z.string().nullable(),
  })
  .meta({ id: "DataRequest" });
export type DataRequest = z.infer<typeof DataRequestSchema>;

export const DeleteAccountInputSchema = z
  .object({
    /** The account's password; an account that signs in with Google only leaves it out and signs in again first. */
    password: z.string().max(1000).optional(),
    /** The account's handle, typed in. */
    handle: z.string().max(100),
    keep: z.enum(DELETION_KEEPS),
  })
  .meta({ id: "DeleteAccountInput" });

export const AccountDeletionSchema = z
  .object({
    _id: z.string(),
    keep: z.enum(DELETION_KEEPS),
    requestedAt: z.string(),
    /** When the account is deleted, unless the member signs in before then. */
    dueAt: z.string(),
  })
  .meta({ id: "AccountDeletion" });
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;
