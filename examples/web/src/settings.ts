/** Where the page sends its requests; kept in localStorage across reloads. */
export interface Settings {
  /** `mock`: the in-page mock through msw's service worker; `remote`: a server at `baseUrl`. */
  mode: 'mock' | 'remote';
  baseUrl: string;
  apiKey: string;
}

const STORAGE_KEY = 'flight-search-example:settings';

export const DEFAULT_SETTINGS: Settings = { mode: 'mock', baseUrl: 'http://127.0.0.1:4010', apiKey: 'test-key' };

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): Settings {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    return {
      mode: saved.mode === 'remote' ? 'remote' : 'mock',
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
