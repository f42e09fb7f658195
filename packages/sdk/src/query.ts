/**
 * The history query as openapi-fetch's default serializer writes it (OpenAPI `style: form`, `explode: true`):
 * an array as one parameter per value (`HISTORY-2`, `HISTORY-5`), a value as one, an absent one left out.
 * URLSearchParams writes a space as `+` where openapi-fetch writes `%20`: the same value to any server (D71).
 */
export const queryParams = (query: object): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) if (one != null) params.append(name, String(one));
  return params;
};
