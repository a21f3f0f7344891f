import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's one account: what a client signs with to be let in. */
export const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface LocalS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** The S3_* settings of a server that keeps its files in this bucket. */
  env: Record<string, string>;
  /** The bucket's files on disk (s3rver's store), to look at what the product wrote. */
  directory: string;
  close(): Promise<void>;
}

/**
 * A real S3-speaking server (s3rver) on a free local port, with one bucket: the object store of the
 * tests (decision 120), spoken to with the AWS SDK over HTTP as a bucket of AWS, MinIO or R2 would be.
 */
export async function startLocalS3(bucket = "vertice-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "vertice-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
