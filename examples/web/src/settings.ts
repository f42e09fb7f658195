/** Where the page sends its requests; kept in localStorage across reloads. */
export interface Settings {
  /**
   * `mock`: the in-page mock through msw's service worker; `remote`: a server at `baseUrl`, with
   * `apiKey` in the page; `proxy`: the page's own server at `/api/flight-search`, which adds its key
   * (`apiKey` is not used: no key is in the page).
   */
  mode: Mode;
  baseUrl: string;
  apiKey: string;
}

export type Mode = 'mock' | 'remote' | 'proxy';

const MODES: readonly Mode[] = ['mock', 'remote', 'proxy'];

/** A saved or submitted mode; anything unknown is the in-page mock. */
export function parseMode(value: unknown): Mode {
  return MODES.includes(value as Mode) ? (value as Mode) : 'mock';
}

const STORAGE_KEY = 'flight-search-example:settings';

export const DEFAULT_SETTINGS: Settings = { mode: 'mock', baseUrl: 'http://127.0.0.1:4010', apiKey: 'test-key' };

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): Settings {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    return {
      mode: parseMode(saved.mode),
      baseUrl: typeof saved.baseUrl === 'string' && saved.baseUrl ? saved.baseUrl : DEFAULT_SETTINGS.baseUrl,
      apiKey: typeof saved.apiKey === 'string' && saved.apiKey ? saved.apiKey : DEFAULT_SETTINGS.apiKey,
    };
  } catch {
    // A hand-edited or foreign value must not keep the page from starting.
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(settings: Settings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(settings));
}
