/**
 * Replaces every occurrence of `secret` in a byte stream with `mask`, chunk by chunk: the last `secret.length - 1`
 * bytes of a chunk are held back until the next one, so a split occurrence is caught.
 */
export class StreamRedactor {
  readonly #secret: Uint8Array;
  readonly #mask: Uint8Array;
  #carry: Uint8Array = new Uint8Array(0);

  constructor([secret, mask]: Secret) {
    this.#secret = secret;
    this.#mask = mask;
  }

  /** The redacted bytes ready to send for `chunk`; `last` flushes what was held back. */
  push(chunk: Uint8Array, last = false): Uint8Array[] {
    const secret = this.#secret;
    let data = chunk;
    if (this.#carry.length > 0) {
      data = new Uint8Array(this.#carry.length + chunk.length);
      data.set(this.#carry);
      data.set(chunk, this.#carry.length);
    }
    const out: Uint8Array[] = [];
    const first = secret[0]!;
    let start = 0;
    for (
      let at = data.indexOf(first);
      at !== -1 && at + secret.length <= data.length;
      at = data.indexOf(first, at + 1)
    ) {
      if (!startsWithAt(data, secret, at)) continue;
      if (at > start) out.push(data.subarray(start, at));
      out.push(this.#mask);
      start = at + secret.length;
      at = start - 1;
    }
    // A match that would end past this chunk starts within its last secret.length - 1 bytes.
    const keep = last ? data.length : Math.max(start, data.length - (secret.length - 1));
    if (keep > start) out.push(data.subarray(start, keep));
    this.#carry = data.slice(keep);
    return out;
  }
}

function startsWithAt(data: Uint8Array, secret: Uint8Array, at: number): boolean {
  for (let i = 1; i < secret.length; i++) if (data[at + i] !== secret[i]) return false;
  return true;
}

/** A form of the key as bytes, and the bytes that replace it. */
export type Secret = [secret: Uint8Array, mask: Uint8Array];

/**
 * What replaces the key: `[redacted]`, or for a key JSON could read as part of a number, the key with each digit changed.
 */
function maskOf(apiKey: string): string {
  return /^[\d.eE+-]+$/.test(apiKey) ? apiKey.replace(/\d/g, (d) => (d === '9' ? '8' : '9')) : '[redacted]';
}

/** Every form of `apiKey` a body may carry (as sent, and JSON-escaped), with its mask; none under 8 characters. */
export function secretForms(apiKey: string): Secret[] {
  if (apiKey.length < 8) return [];
  const encoder = new TextEncoder();
  const forms = new Set([apiKey, JSON.stringify(apiKey).slice(1, -1)]);
  return [...forms].map((form) => [encoder.encode(form), encoder.encode(maskOf(form))]);
}

/** `text` with every form of `apiKey` replaced by its mask; a key under 8 characters is left alone. */
export function redactText(text: string, apiKey: string): string {
  if (apiKey.length < 8) return text;
  const escaped = JSON.stringify(apiKey).slice(1, -1);
  return text.replaceAll(apiKey, maskOf(apiKey)).replaceAll(escaped, maskOf(escaped));
}
