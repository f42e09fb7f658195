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
 * The Fetch adapter over a mock's one entry (`answer`): a standard `Request`
 * becomes the plain request of the rules, and their plain answer a `Response`.
 * The msw handlers and `mock.handle` are this, and nothing else. An abandoned
 * request resolves to `Response.error()`, as a network error would.
 */
export async function answerFetch(answer: AnswerEntry, request: Request): Promise<Response | null> {
  const result = await answer(fromFetch(request));
  if (result === null) return null;
  // A dropped connection is a network error through Fetch (msw's `HttpResponse.error()`): no headers can be half-sent.
  if (result === ABORTED || result === DROP_BEFORE_HEADERS || result === DROP_AFTER_HEADERS) return Response.error();
  const body = result.body;
  // A HEAD answer is GET's status and headers without the body; its Content-Length says what GET would send.
  if (request.method === 'HEAD') {
    return new Response(null, { status: result.status, headers: { ...result.headers, 'content-length': String(byteLength(body)) } });
  }
  // Pieces (history) go as a stream of them: no join, and no copy of one big buffer by undici.
  if (typeof body === 'object' && !(body instanceof Uint8Array)) return new Response(streamOf(body), { status: result.status, headers: result.headers });
  // Large answers go as bytes: a string body costs undici a USV scan of the whole text.
  return new Response(typeof body === 'string' && body.length > 4096 ? encoder.encode(body) : body, { status: result.status, headers: result.headers });
}

/** The length in bytes of an answer's body. */
function byteLength(body: PlainAnswer['body']): number {
  if (typeof body === 'string') return utf8Length(body);
  return body.length;
}

/**
 * A chunked body as a stream: each pull encodes the next {@link ANSWER_CHUNK_BYTES}
 * or so of its pieces into a buffer of its own (a reader may transfer what it is given).
 */
function streamOf(body: ChunkedBody): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A trickled body (a `trickleMs` fault): each piece alone, `paceMs` apart.
      if (body.paceMs !== undefined && next > 0) await new Promise((resolve) => setTimeout(resolve, body.paceMs));
      let text = body.paceMs === undefined ? '' : (body.chunks[next++] ?? '');
      // Counted in characters: a piece's bytes are at most three times as many, so a pull stays a bounded stretch.
      while (body.paceMs === undefined && next < body.chunks.length && (text === '' || text.length + body.chunks[next]!.length <= ANSWER_CHUNK_BYTES))
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
