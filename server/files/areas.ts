import type { Config } from "../config.ts";
import { checkBucket, type S3Settings, type StorageLog, s3Client, s3FileAreas } from "./s3.ts";
import { type FileAreas, localFileAreas } from "./storage.ts";

/** The object store's settings of the configuration, or null when files stay in DATA_DIR. */
export function s3SettingsOf(config: Config, timeoutMs?: number): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID } : {}),
    ...(config.S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}

export interface OpenedFiles {
  areas: FileAreas;
  /** "s3://bucket" or the DATA_DIR folder, for the logs. */
  location: string;
  /** Whether the store answers now: null when it does, else why not (object storage only). */
  check(): Promise<string | null>;
  close(): void;
}

/** Every file area of the configuration: the bucket when S3_BUCKET is set, else DATA_DIR's folders (decision 120). */
export async function openFiles(
  config: Config,
  logger: StorageLog,
  timeoutMs?: number,
): Promise<OpenedFiles> {
  const settings = s3SettingsOf(config, timeoutMs);
  if (!settings)
    return {
      areas: localFileAreas(config.DATA_DIR),
      location: config.DATA_DIR,
      check: async () => null,
      close() {},
    };
  const connection = await s3Client(settings);
  return {
    areas: s3FileAreas(connection, settings.bucket, logger),
    location: `s3://${settings.bucket}`,
    check: () => checkBucket(connection, settings.bucket),
    close: () => connection.client.destroy(),
  };
}
