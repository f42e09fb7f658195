import { errorAnswer, jsonAnswer, validationAnswer, type Issue, type JsonAnswer } from './envelope.js';
import { parseKeySettings, parseProgram, parseProgramBehavior } from './control-bodies.js';
import type { ServedMock } from './types.js';
import { redactPath } from '../recording/redaction.js';

/** The prefix of the control API; nothing under it reaches the service's routes. */
export const CONTROL_PREFIX = '/__mock';

/**
 * The control API (`--control`): the JS control functions of the mock over HTTP,
 * for tests written in other languages.
 *
 * - `POST /__mock/reset`: `mock.reset()`, 204.
 * - `PUT /__mock/programs/{program}` `{ latencyMs?, fail?: { status, message? }, hang? }`: `mock.setProgramBehavior`, 204.
 * - `PUT /__mock/keys/{key}` `{ limit?, consumed?, products? }`: `mock.setKey`, 204.
 * - `GET /__mock/requests`: `{ requests: mock.requests() }` (API keys redacted by the mock), 200.
 */
export function controlAnswer(mock: ServedMock, method: string, path: string, body: Buffer | undefined): JsonAnswer {
  const route = path.slice(CONTROL_PREFIX.length);
  if (route === '/reset') {
    if (method !== 'POST') return methodNotAllowed('POST');
    mock.reset();
    return noContent();
  }
  if (route === '/requests') {
    // HEAD answers as GET; node:http leaves the body out.
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed('GET');
    return jsonAnswer(200, { requests: mock.requests() });
  }
  const [, collection, name, ...rest] = route.split('/');
  if (rest.length === 0 && name !== undefined && name !== '') {
    if (collection === 'programs') {
      if (method !== 'PUT') return methodNotAllowed('PUT');
      const program = parseProgram(decode(name));
      const behavior = parseProgramBehavior(body);
      if (!program.ok || !behavior.ok) {
        return validationAnswer([...(program.ok ? [] : program.issues), ...(behavior.ok ? [] : behavior.issues)]);
      }
      mock.setProgramBehavior(program.value, behavior.value);
      return noContent();
    }
    if (collection === 'keys') {
      if (method !== 'PUT') return methodNotAllowed('PUT');
      const key = decode(name);
      const settings = parseKeySettings(body);
      const issues = [...(key.trim() === '' ? [BLANK_KEY] : []), ...(settings.ok ? [] : settings.issues)];
      if (!settings.ok || issues.length > 0) return validationAnswer(issues);
      try {
        mock.setKey(key, settings.value);
      } catch (error) {
        // Only the mock knows the key's current limit and consumption, so the merged check (QUOTA-1) is its refusal.
        const refused = keySettingRefusal(error);
        if (refused === undefined) throw error;
        return validationAnswer([refused]);
      }
      return noContent();
    }
  }
  return errorAnswer(404, 'HTTP_ERROR', `No control route ${method} ${redactPath(path)}.`);
}

const BLANK_KEY: Issue = { field: 'path.key', type: 'missing', message: 'must be a non-empty key.' };

/**
 * The 422 issue of a `setKey` refusal (`KeySettingError`, recognized by its
 * fields: the mock may come from another build of this package, with its own class).
 */
function keySettingRefusal(error: unknown): Issue | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const { setting, requirement } = error as TypeError & { setting?: unknown; requirement?: unknown };
  if (typeof setting !== 'string' || typeof requirement !== 'string') return undefined;
  return { field: `body.${setting}`, type: 'out_of_range', message: `must be ${requirement}.` };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function noContent(): JsonAnswer {
  return { status: 204, headers: {}, body: '' };
}

function methodNotAllowed(allowed: string): JsonAnswer {
  return errorAnswer(405, 'METHOD_NOT_ALLOWED', `Use ${allowed} on this control route.`, {}, { allow: allowed });
}
