import {
  ABORTED,
  ANSWER_CHUNK_BYTES,
  DROP_AFTER_HEADERS,
  DROP_BEFORE_HEADERS,
  type AnswerEntry,
  type ChunkedBody,
  type MockRequest,
  type PlainAnswer,
  utf8Length,
} from './answer-types.js';

/**
 * The Fetch adapter over a mock's `answer` (the msw handlers and `mock.handle`): a `Request` in, a `Response`
 * out; an abandoned request or a drop is `Response.error()`.
 */
export async function answerFetch(answer: AnswerEntry, request: Request): Promise<Response | null> {
  const result = await answer(fromFetch(request));
  if (result === null) return null;
  if (result === ABORTED || result === DROP_BEFORE_HEADERS || result === DROP_AFTER_HEADERS) return Response.error();
  const body = result.body;
  // HEAD: GET's status and headers, Content-Length what GET would send.
  if (request.method === 'HEAD') {
    return new Response(null, {
      status: result.status,
      headers: { ...result.headers, 'content-length': String(byteLength(body)) },
    });
  }
  // Pieces (history) go as a stream, never joined.
  if (typeof body === 'object' && !(body instanceof Uint8Array))
    return new Response(streamOf(body), { status: result.status, headers: result.headers });
  // Large answers as bytes: a string costs undici a USV scan.
  return new Response(typeof body === 'string' && body.length > 4096 ? encoder.encode(body) : body, {
    status: result.status,
    headers: result.headers,
  });
}

const byteLength = (body: PlainAnswer['body']): number => (typeof body === 'string' ? utf8Length(body) : body.length);

/** A chunked body as a stream, about {@link ANSWER_CHUNK_BYTES} a pull, each in a buffer of its own. */
function streamOf(body: ChunkedBody): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A trickled body: each piece alone, `paceMs` apart.
      if (body.paceMs !== undefined && next > 0) await new Promise((resolve) => setTimeout(resolve, body.paceMs));
      let text = body.paceMs === undefined ? '' : (body.chunks[next++] ?? '');
      // Counted in characters: at most three bytes each.
      while (
        body.paceMs === undefined &&
        next < body.chunks.length &&
        (text === '' || text.length + body.chunks[next]!.length <= ANSWER_CHUNK_BYTES)
      )
        text += body.chunks[next++];
      if (text !== '') controller.enqueue(encoder.encode(text));
      if (next >= body.chunks.length) controller.close();
    },
  });
}

const encoder = new TextEncoder();

/** A Fetch `Request` as the rules read it. */
function fromFetch(request: Request): MockRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    rawHeaders: () => {
      const pairs: string[] = [];
      request.headers.forEach((value, name) => {
        pairs.push(name, value);
      });
      return pairs;
    },
    text: () => request.text(),
    get signal() {
      return request.signal;
    },
    aborted: () => request.signal.aborted,
  };
}
