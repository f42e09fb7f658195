import type { IncomingMessage } from 'node:http';
import { rawHeader } from './request.js';

export type BodyResult = { kind: 'ok'; body: Buffer | undefined } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Reads a request body into memory, stopping as soon as it passes `limit` bytes:
 * a declared `Content-Length` over the limit is refused before one byte is read,
 * and a chunked body is cut off at the chunk that crosses it. GET and HEAD carry
 * no body for the service, so they are not read.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve({ kind: 'ok', body: undefined });
  // Absent (a chunked body): NaN, read to the end.
  const declared = Number(rawHeader(req.rawHeaders, 'content-length') ?? Number.NaN);
  if (declared > limit) return Promise.resolve({ kind: 'too-large' });
  if (declared === 0) return Promise.resolve({ kind: 'ok', body: undefined });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop reading: the answer is a 413 with `Connection: close`, so the
        // rest of an oversized body is never buffered.
        req.pause();
        finish({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      finish({
        kind: 'ok',
        body: size === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size),
      });
    const onAbort = () => finish({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}
