import type { ListObjectsV2CommandOutput, S3Client } from "@aws-sdk/client-s3";
import { DomainError } from "../domain-errors.ts";
import { FILE_AREAS, type FileArea, type FileAreas, type FileStorage, type StoredFile } from "./storage.ts";

/**
 * Where a failure of the store is reported: the server's logger, or a command's error lines
 * (server/files/migrate.ts). `check` says what the operator looks at.
 */
export interface StorageLog {
  error(fields: { failure: StorageFailure; check: string; [more: string]: unknown }, message: string): void;
}

/** What reaches the bucket (S3_* of the configuration). */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** One request's limit; a slow store fails the operation instead of holding its request. */
  timeoutMs?: number;
}

/** A request to the bucket gives up after this long, tried twice (an admin waits at most ~10 s). */
export const S3_TIMEOUT_MS = 5_000;

/** Why the bucket could not be used, for the log and the refusal the person sees. */
export type StorageFailure = "bucket-missing" | "credentials" | "timeout" | "unreachable";

const FAILURE_CODES = {
  "bucket-missing": "files.bucketMissing",
  credentials: "files.credentialsRefused",
  timeout: "files.timedOut",
  unreachable: "files.unreachable",
} as const;

/** Reads the SDK's (or Node's) error: S3's error code first, then the HTTP status, then the socket's. */
export function classifyStorageError(error: unknown): StorageFailure {
  const e = (error ?? {}) as {
    name?: string;
    Code?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const code = e.Code ?? e.name ?? "";
  const status = e.$metadata?.httpStatusCode;
  if (code === "NoSuchBucket") return "bucket-missing";
  if (
    ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "Forbidden", "InvalidToken"].includes(
      code,
    ) ||
    status === 401 ||
    status === 403
  )
    return "credentials";
  // HeadBucket has no body: a missing bucket is a bare 404.
  if (status === 404 && code === "NotFound") return "bucket-missing";
  if (
    code === "TimeoutError" ||
    code === "RequestTimeout" ||
    code === "AbortError" ||
    e.code === "ETIMEDOUT" ||
    e.code === "ECONNRESET"
  )
    return "timeout";
  return "unreachable";
}

type Sdk = typeof import("@aws-sdk/client-s3");

/** A client and the SDK's commands. */
export interface S3Connection {
  client: S3Client;
  sdk: Sdk;
}

let sdkLoaded: Promise<{ sdk: Sdk; handler: typeof import("@smithy/node-http-handler") }> | null = null;

/**
 * A client for the settings: path-style when asked (MinIO, s3rver), checksums only where S3 requires
 * them. The SDK is loaded here, on first use: a site without S3_BUCKET (and every CLI command) never
 * pays its ~0.3 s of loading.
 */
export async function s3Client(settings: S3Settings): Promise<S3Connection> {
  sdkLoaded ??= Promise.all([import("@aws-sdk/client-s3"), import("@smithy/node-http-handler")]).then(
    ([sdk, handler]) => ({ sdk, handler }),
  );
  const { sdk, handler } = await sdkLoaded;
  const timeout = settings.timeoutMs ?? S3_TIMEOUT_MS;
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    maxAttempts: 2,
    requestHandler: new handler.NodeHttpHandler({
      connectionTimeout: timeout,
      requestTimeout: timeout,
      // Without it, smithy only logs a warning when the limit passes, and the request hangs on.
      throwOnRequestTimeout: true,
    }),
    // S3-compatible stores (MinIO, Ceph, s3rver) do not all read the newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return { client, sdk };
}

/**
 * One area of the product's files as keys under a prefix of a bucket (decision 120). The bucket stays
 * private: every file, public images included, is served through the product (/uploads, the portal's
 * authorised downloads), never from the bucket's address. A failure is logged with what to check and
 * thrown as a DomainError "unavailable" (503) naming the cause, before anything refers to the file.
 */
export class S3FileStorage implements FileStorage {
  readonly location: string;
  readonly remote = true;

  private readonly client: S3Client;
  private readonly sdk: Sdk;

  constructor(
    connection: S3Connection,
    private readonly bucket: string,
    private readonly prefix: string,
    private readonly logger: StorageLog,
  ) {
    this.location = `s3://${bucket}/${prefix}`;
    this.client = connection.client;
    this.sdk = connection.sdk;
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  private failed(operation: string, name: string | null, error: unknown): DomainError {
    const failure = classifyStorageError(error);
    this.logger.error(
      {
        err: error,
        failure,
        operation,
        bucket: this.bucket,
        ...(name ? { key: this.key(name) } : {}),
        check: CHECKS[failure],
      },
      "object storage failed",
    );
    return new DomainError("unavailable", FAILURE_CODES[failure], [], { retryAfterSeconds: 30 });
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    try {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          Body: bytes,
          ContentLength: bytes.byteLength,
        }),
      );
    } catch (error) {
      throw this.failed("put", name, error);
    }
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      );
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === "NoSuchKey" || (e.$metadata?.httpStatusCode === 404 && e.name !== "NoSuchBucket"))
        return null;
      throw this.failed("get", name, error);
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
    } catch (error) {
      throw this.failed("delete", name, error);
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await this.client.send(
          new this.sdk.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix,
            ContinuationToken: token,
          }),
        );
      } catch (error) {
        throw this.failed("list", null, error);
      }
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length);
        // Keys of a deeper folder belong to another area (private/ holds tickets/ and nfse/).
        if (name && !name.includes("/")) yield { name, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** What the operator checks for each failure (the log line's `check`). */
const CHECKS: Record<StorageFailure, string> = {
  "bucket-missing": "S3_BUCKET names a bucket that does not exist at S3_ENDPOINT: create it or fix the name",
  credentials:
    "S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY were refused: check the key and its permissions on the bucket",
  timeout: "the object store did not answer in time: check S3_ENDPOINT and the network",
  unreachable: "the object store could not be reached: check S3_ENDPOINT, S3_REGION and the network",
};

/** The product's areas as prefixes of one bucket: uploads/, private/tickets/, private/nfse/. */
export function s3FileAreas(connection: S3Connection, bucket: string, logger: StorageLog): FileAreas {
  const areas = {} as FileAreas;
  for (const [area, prefix] of Object.entries(FILE_AREAS) as [FileArea, string][])
    areas[area] = new S3FileStorage(connection, bucket, `${prefix}/`, logger);
  return areas;
}

/** Whether the bucket answers with these credentials: null when it does, else why not (logged at start). */
export async function checkBucket(connection: S3Connection, bucket: string): Promise<StorageFailure | null> {
  try {
    await connection.client.send(new connection.sdk.HeadBucketCommand({ Bucket: bucket }));
    return null;
  } catch (error) {
    return classifyStorageError(error);
  }
}
