import type { Answer } from '../answer-types.js';
import { keyNotFound, missingKey, productNotEnabled } from '../errors/envelopes.js';
import type { KeyLedger } from '../quota/ledger.js';
import type { Product } from '../types.js';

export type Authentication = { ok: true; key: string; ledger: KeyLedger } | { ok: false; answer: Answer };

/**
 * `AUTH-1` missing key 401, `AUTH-2` unknown key 404 (every endpoint, D2),
 * `AUTH-3` key without the product 403. A blank header counts as missing.
 */
export function authenticate(
  headers: Pick<Headers, 'get'>,
  ledgers: ReadonlyMap<string, KeyLedger>,
  product: Product,
): Authentication {
  const key = headers.get('x-api-key');
  if (key === null || key.trim() === '') return { ok: false, answer: missingKey() };
  const ledger = ledgers.get(key);
  if (!ledger) return { ok: false, answer: keyNotFound() };
  // Search is part of every key: the contract answers 403 on history only.
  if (product === 'history' && !ledger.products.has('history')) return { ok: false, answer: productNotEnabled() };
  return { ok: true, key, ledger };
}
