import { parse } from 'content-type';

/** `SEARCH-10` (D13): `application/json` or any `+json` type, parameters allowed. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  try {
    const { type } = parse(header);
    return type === 'application/json' || /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
  } catch {
    return false;
  }
}
