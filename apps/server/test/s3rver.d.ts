/** The part of s3rver (an S3 server for tests) that the storage tests use; the package ships no types. */
declare module 's3rver' {
  interface Options {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
