import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../env.ts";
import { type ArchiveStore, createFolderArchives, createS3Archives } from "./archive-store.ts";
import { createFolderStorage, type PhotoStorage } from "./photo-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

type StorageEnv = Pick<
  Env,
  | "DATA_DIR"
  | "BASE_URL"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_REGION"
  | "S3_PUBLIC_URL"
>;

/** The bucket when env.ts found a whole S3 configuration, DATA_DIR/uploads otherwise. */
export function createPhotoStorage(env: StorageEnv): PhotoStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
      publicUrl: env.S3_PUBLIC_URL,
      baseUrl: env.BASE_URL,
    });
  return dataDirStorage(env);
}

/**
 * Where members' data exports wait (ADR 088): beside the photos, in the bucket's exports/ when there is one
 * (any server then hands out what another built), else DATA_DIR/exports.
 */
export function createArchiveStore(
  env: Pick<Env, "DATA_DIR" | "S3_BUCKET">,
  photos: PhotoStorage,
): ArchiveStore {
  if (env.S3_BUCKET && "client" in photos && photos.client instanceof S3Client)
    return createS3Archives(photos.client, env.S3_BUCKET);
  return createFolderArchives(path.join(env.DATA_DIR, "exports"));
}

/** The photos kept in DATA_DIR/uploads, as the site serves them without a bucket. */
export function dataDirStorage(env: Pick<Env, "DATA_DIR" | "BASE_URL">): PhotoStorage {
  return createFolderStorage({
    dir: path.join(env.DATA_DIR, "uploads"),
    publicBase: `${env.BASE_URL}/uploads`,
  });
}
