/** Side-effect-free test data and helpers shared by the compare tests. */
export const oneWay = {
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
} as const;

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads an async iterable to the end with `for await`. */
export const collect = async <T>(iterable: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const o of iterable) all.push(o);
  return all;
};
