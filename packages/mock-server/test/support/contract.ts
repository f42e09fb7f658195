import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** openapi.yaml, read from the repository root: the contract every answer is checked against. */
export const readDocument = (): any =>
  parse(readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'));

// Read and compiled on first use: the setup file imports this module in every test file, most of which check nothing.
let contract: { document: any; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;
function load() {
  if (contract) return contract;
  const document = readDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.yaml' });
  contract = { document, ajv, compiled: new Map() };
  return contract;
}

const pointer = (...segments: string[]): string =>
  segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Problems of one answer against openapi.yaml: the operation (method + path),
 * a declared status, a declared media type, the body's schema, and the
 * `Retry-After` header of a 429. An empty list means the answer is in the contract.
 * A HEAD answer is GET's without the body (HTTP): it is checked as GET's, and
 * its body only when the caller saw one (a node:http server is handed GET's body and leaves it out).
 */
export function contractViolations(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  bodyText: string,
): string[] {
  const bodyless = method === 'HEAD' && bodyText === '';
  if (method === 'HEAD') method = 'GET';
  const { document, ajv, compiled } = load();
  const where = `${method} ${path} -> ${status}`;
  const operation = document.paths?.[path]?.[method.toLowerCase()];
  // Unknown paths have no operation; their 404 must still be the documented HTTP error envelope,
  // and so must the 405 of a known path asked with another method (D60), which also says what is allowed.
  const responseLocation = operation
    ? ['paths', path, method.toLowerCase(), 'responses', String(status)]
    : ['components', 'responses', 'KeyNotFound'];
  const wrongMethod = !operation && status === 405 && document.paths?.[path] !== undefined;
  if (!operation && status !== 404 && !wrongMethod) return [`${where}: no operation ${method} ${path} in openapi.yaml`];
  if (wrongMethod && !headers.get('allow')) return [`${where}: a 405 without Allow`];
  let response = operation ? operation.responses[String(status)] : document.components.responses.KeyNotFound;
  if (!response) return [`${where}: status ${status} is not declared`];
  let location = responseLocation;
  if (response.$ref) {
    location = response.$ref.replace(/^#\//, '').split('/');
    response = document.components.responses[location[location.length - 1]!];
  }
  const mediaType = (headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!response.content?.[mediaType]) return [`${where}: media type "${mediaType}" is not declared`];
  const problems: string[] = [];
  if (status === 429 && !/^\d+$/.test(headers.get('retry-after') ?? ''))
    problems.push(`${where}: Retry-After is missing or not an integer`);
  if (bodyless) return problems;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return [...problems, `${where}: body is not JSON`];
  }
  const ref = `openapi.yaml#/${pointer(...location, 'content', mediaType, 'schema')}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

// control-api.yaml: the control API's own contract (issue 30 item 6), compiled on first use.
let control:
  | { document: any; ajv: Ajv2020; compiled: Map<string, ValidateFunction>; paths: [RegExp, string][] }
  | undefined;
function loadControl() {
  if (control) return control;
  const document = parse(readFileSync(fileURLToPath(new URL('../../control-api.yaml', import.meta.url)), 'utf8'));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'control-api.yaml' });
  // A templated path (/__mock/keys/{key}) matches one segment per parameter.
  const paths = Object.keys(document.paths).map((path): [RegExp, string] => [
    new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    path,
  ]);
  control = { document, ajv, compiled: new Map(), paths };
  return control;
}

/**
 * Problems of one answer of the control API (`/__mock...`) against control-api.yaml: the operation,
 * a declared status, its media type and the body's schema; a 405 must say `Allow`. A request to a
 * path the document does not have must be a 404 in the error envelope.
 */
export function controlContractViolations(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  bodyText: string,
): string[] {
  // A preflight is the browser's CORS machinery, not an operation (the control API's own CORS is tested in control-access.test.ts).
  if (method === 'OPTIONS') return [];
  if (method === 'HEAD') method = 'GET';
  const { document, ajv, compiled, paths } = loadControl();
  const where = `${method} ${path} -> ${status} (control-api.yaml)`;
  // As OpenAPI matches them: a concrete path (/__mock/requests/count) before a templated one (/__mock/requests/{id}).
  const template = document.paths[path] !== undefined ? path : paths.find(([pattern]) => pattern.test(path))?.[1];
  const item = template === undefined ? undefined : document.paths[template];
  const operation = item?.[method.toLowerCase()];
  let location: string[];
  if (operation?.responses[String(status)] !== undefined)
    location = ['paths', template!, method.toLowerCase(), 'responses', String(status)];
  else if (item !== undefined && operation === undefined && status === 405) {
    if (!headers.get('allow')) return [`${where}: a 405 without Allow`];
    location = ['components', 'responses', 'WrongMethod'];
  } else if (template === undefined && status === 404) location = ['components', 'responses', 'NotFound'];
  else
    return [
      operation === undefined
        ? `${where}: no operation ${method} ${path}`
        : `${where}: status ${status} is not declared`,
    ];
  let response = location.reduce((node: any, key) => node?.[key], document);
  if (response.$ref) {
    location = response.$ref.replace(/^#\//, '').split('/');
    response = location.reduce((node: any, key) => node?.[key], document);
  }
  if (response.content === undefined) return bodyText === '' ? [] : [`${where}: a body where none is declared`];
  const mediaType = (headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!response.content[mediaType]) return [`${where}: media type "${mediaType}" is not declared`];
  if (bodyText === '' && method === 'GET') return [];
  const body = mediaType === 'application/json' ? safeJson(bodyText) : bodyText;
  if (body === undefined) return [`${where}: body is not JSON`];
  const ref = `control-api.yaml#/${pointer(...location, 'content', mediaType, 'schema')}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate(body) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
