/** What a rule function decides: a status, a JSON body and extra headers. Turned into a `Response` by `handle`. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
