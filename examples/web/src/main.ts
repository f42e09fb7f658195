import './styles.css';
import { startBackend, type Backend } from './backend.js';
import { checkQuery, runComparison } from './comparison.js';
import { SearchForm } from './form.js';
import { loadHistory } from './history.js';
import { parseMockHooks } from './mock-hooks.js';
import { loadSettings, parseMode, saveSettings, type Settings } from './settings.js';
import { showBanner, hideBanner } from './ui/banner.js';
import { Cards } from './ui/cards.js';
import { byId } from './ui/dom.js';
import { HistoryChart } from './ui/history-chart.js';
import { Status } from './ui/status.js';

const form = new SearchForm();
const cards = new Cards(byId<HTMLOListElement>('cards'));
const status = new Status();
const chart = new HistoryChart();
const backendStatus = byId('backend-status');
let running: AbortController | undefined;

setUpSettings(loadSettings());
void start();

async function start(): Promise<void> {
  let backend: Backend;
  try {
    backend = await startBackend(loadSettings(), parseMockHooks(location.search));
  } catch (error) {
    backendStatus.dataset.state = 'error';
    backendStatus.textContent = 'Not connected';
    showBanner(`The page could not start: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  backendStatus.dataset.state = 'ready';
  backendStatus.dataset.mode = backend.mode;
  backendStatus.textContent = backend.label;
  form.setRunning(false);

  form.element.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!running) void compare(backend);
  });
  byId('cancel').addEventListener('click', () => running?.abort());
}

async function compare(backend: Backend): Promise<void> {
  const query = form.read();
  const issues = checkQuery(query);
  form.showIssues(issues);
  if (issues.length) return;
  hideBanner();
  running = new AbortController();
  form.setRunning(true);
  // History costs no quota and does not depend on the searches: load it alongside.
  const history = loadHistory(backend.client, query, chart);
  try {
    const result = await runComparison(backend.client, query, { cards, status }, running.signal);
    // Successful searches add records for today; redraw so they show.
    await history;
    if (result.answered) await loadHistory(backend.client, query, chart);
  } catch (error) {
    status.state('error', 'The comparison could not run.');
    showBanner(error instanceof Error ? error.message : String(error));
  } finally {
    running = undefined;
    form.setRunning(false);
  }
}

function setUpSettings(settings: Settings): void {
  const panel = byId<HTMLFormElement>('settings-form');
  const field = (name: string) => panel.elements.namedItem(name) as HTMLInputElement;
  const chosen = () => parseMode(panel.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value);
  for (const radio of panel.querySelectorAll<HTMLInputElement>('input[name=mode]'))
    radio.checked = radio.value === settings.mode;
  field('baseUrl').value = settings.baseUrl;
  field('apiKey').value = settings.apiKey;
  const sync = () => {
    const mode = chosen();
    field('baseUrl').disabled = mode !== 'remote';
    // In proxy mode the page holds no key: the field is neither shown nor used.
    panel.querySelector<HTMLElement>('[data-testid=settings-key]')!.hidden = mode === 'proxy';
    field('apiKey').disabled = mode === 'proxy';
    panel.querySelector<HTMLElement>('[data-testid=settings-proxy-hint]')!.hidden = mode !== 'proxy';
  };
  sync();
  panel.addEventListener('change', sync);
  panel.addEventListener('submit', (event) => {
    event.preventDefault();
    const mode = chosen();
    const baseUrl = field('baseUrl').value.trim();
    if (mode === 'remote' && !URL.canParse(baseUrl)) {
      field('baseUrl').setCustomValidity('Enter an absolute URL, such as http://127.0.0.1:4010');
      field('baseUrl').reportValidity();
      return;
    }
    saveSettings({ mode, baseUrl, apiKey: field('apiKey').value.trim() || 'test-key' });
    // The service worker must be started or left off before the first request, so settings apply on a fresh load.
    location.reload();
  });
}
