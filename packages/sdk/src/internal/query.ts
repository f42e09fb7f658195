/**
 * The history query as openapi-fetch's default serializer writes it (OpenAPI `style: form`, `explode: true`):
 * an array as one parameter per value (`HISTORY-2`, `HISTORY-5`), a value as one, an absent one left out.
 * URLSearchParams writes a space as `+` where openapi-fetch writes `%20`: the same value to any server.
 * An object (or a function) is never written as `[object Object]`:
 * its parameter's name goes into `notText` when one is given (local validation reports it), else it is a TypeError.
 */
export const queryParams = (query: object, notText?: Set<string>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of [value].flat()) {
      if (one == null) continue;
      if (typeof one !== 'object' && typeof one !== 'function') params.append(name, String(one));
      else if (notText) notText.add(name);
      else throw new TypeError(`getPriceHistory: query parameter "${name}" must be text, a number or a boolean`);
    }
  }
  return params;
};
