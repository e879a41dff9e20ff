/** The part of s3rver (an S3 server for tests) that the storage tests use; the package ships no types. */
declare module 's3rver' {
  interface Options {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  /** The Koa context, as much of it as test/s3rver-multipart.ts uses. */
  interface Context {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list, composed when `run` starts listening. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  }
}
