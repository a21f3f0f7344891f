// s3rver ships no types: the part the tests use (tests/support/s3-server.ts).
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string; configs: unknown[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
