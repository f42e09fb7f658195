/** Side-effect-free test data and helpers shared by the compare tests. */
import { oneWay as search } from '../fixtures.js';

/** The SDK tests' valid search (fixtures.ts) without its programs: each compare call names its own. */
export const { airlineLoyalty: _programs, ...oneWay } = search();

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads an async iterable to the end with `for await`. */
export const collect = async <T>(iterable: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const o of iterable) all.push(o);
  return all;
};
