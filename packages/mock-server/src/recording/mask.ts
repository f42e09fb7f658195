/**
 * The masked form of an API key (D59): at most its first 4 characters (a quarter of a short one) and 12 hex
 * digits of its FNV-1a hash (browsers have only an asynchronous SHA).
 *
 * @example
 * maskKey('test-key'); // 'te***' + 12 hex digits
 */
export function maskKey(key: string): string {
  const shown = Math.min(4, Math.floor(key.length / 4));
  return `${key.slice(0, shown)}***${keyHash(key)}`;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;
const encoder = new TextEncoder();

/** 12 hex digits of the FNV-1a 64-bit hash of the key's UTF-8 bytes. */
export function keyHash(key: string): string {
  let hash = FNV_OFFSET;
  for (const byte of encoder.encode(key)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  return hash.toString(16).padStart(16, '0').slice(0, 12);
}
