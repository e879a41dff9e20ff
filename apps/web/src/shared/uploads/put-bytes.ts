import { ApiFailure, failureOf } from '../../api/failure.ts';

/** How a PUT of bytes reports and stops. */
export interface PutOptions {
  /** The Content-Type the URL was signed for. */
  contentType: string;
  /** Bytes of `body` sent so far; called as they leave, and with the whole size once the store answered. */
  onProgress?: (loaded: number) => void;
  /** Aborts the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** PUTs bytes to a signed URL; the transport every upload uses (replaced in unit tests). */
export type PutBytes = (url: string, body: Blob, options: PutOptions) => Promise<void>;

/**
 * PUTs `body` to a signed upload URL (same-origin local storage, or a presigned S3 URL). XMLHttpRequest, not
 * fetch: only it reports upload progress. No answer at all fails as an `offline` ApiFailure; a refusal as the
 * ApiFailure its status and body make.
 */
export const putBytes: PutBytes = (url, body, { contentType, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size);
        return resolve();
      }
      reject(failureOf({ status: xhr.status, body: parsed(xhr.responseText), headers: headersOf(xhr) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiFailure('offline', false));
    };
    xhr.onabort = () => {
      settle();
      reject(
        (signal?.reason as Error | undefined) ?? new DOMException('The upload was stopped', 'AbortError'),
      );
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const headersOf = (xhr: XMLHttpRequest) => {
  const retryAfter = xhr.getResponseHeader('retry-after');
  return new Headers(retryAfter ? { 'retry-after': retryAfter } : {});
};
