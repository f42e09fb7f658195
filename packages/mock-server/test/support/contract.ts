import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** openapi.yaml, read from the repository root: the contract every answer is checked against. */
export const readDocument = (): any => parse(readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'));

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

const pointer = (...segments: string[]): string => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Problems of one answer against openapi.yaml: the operation (method + path),
 * a declared status, a declared media type, the body's schema, and the
 * `Retry-After` header of a 429. An empty list means the answer is in the contract.
 * A HEAD answer is GET's without the body (HTTP): it is checked as GET's, and
 * its body only when the caller saw one (a node:http server is handed GET's body and leaves it out).
 */
export function contractViolations(method: string, path: string, status: number, headers: Headers, bodyText: string): string[] {
  const bodyless = method === 'HEAD' && bodyText === '';
  if (method === 'HEAD') method = 'GET';
  const { document, ajv, compiled } = load();
  const where = `${method} ${path} -> ${status}`;
  const operation = document.paths?.[path]?.[method.toLowerCase()];
  // Unknown paths have no operation; their 404 must still be the documented HTTP error envelope,
  // and so must the 405 of a known path asked with another method (D60), which also says what is allowed.
  const responseLocation = operation ? ['paths', path, method.toLowerCase(), 'responses', String(status)] : ['components', 'responses', 'KeyNotFound'];
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
  if (status === 429 && !/^\d+$/.test(headers.get('retry-after') ?? '')) problems.push(`${where}: Retry-After is missing or not an integer`);
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
