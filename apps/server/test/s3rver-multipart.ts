import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';

/**
 * s3rver 3.7.1 takes CreateMultipartUpload, UploadPart and CompleteMultipartUpload, but answers ListParts and
 * AbortMultipartUpload with 405, and lets an UploadPart recreate an upload that is gone. This adds the two
 * calls, over the parts s3rver itself keeps on disk (`<bucket>/._S3rver_uploads/<UploadId>/<n>` and `<n>.md5`),
 * and answers NoSuchUpload as S3 does, so the S3 store's multipart code runs against the S3 protocol end to end.
 * Call before `run()`.
 */
export function completeMultipart(server: S3rver): void {
  server.middleware.unshift(async (ctx, next) => {
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!match || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const [, bucket, key] = match;
    const dir = path.join(server.store.getResourcePath(bucket!, undefined, 'uploads'), uploadId);
    const exists = await stat(path.join(dir, 'key')).then(
      () => true,
      () => false,
    );
    if (!exists) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET') return next();
    const numbers = (await readdir(dir)).filter((n) => /^[0-9]+$/.test(n)).map(Number);
    const parts = await Promise.all(
      numbers
        .sort((a, b) => a - b)
        .map(async (n) => {
          const [info, md5] = await Promise.all([
            stat(path.join(dir, String(n))),
            readFile(path.join(dir, `${n}.md5`), 'utf8'),
          ]);
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
        }),
    );
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}
