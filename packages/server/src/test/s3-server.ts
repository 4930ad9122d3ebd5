import { createRequire } from "node:module";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** The parts of @20minutes/s3rver (an S3-compatible server on the file system; no types of its own) used here. */
type S3rver = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rver;

/** s3rver's built-in account: it checks SigV4 signatures against this key pair. */
export const S3RVER_KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

export interface TestS3 {
  /** The env that points the app at this server's bucket. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port with one empty bucket. */
export async function startTestS3(bucket = "tianguis"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket, S3_REGION: "us-east-1", ...S3RVER_KEYS },
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
