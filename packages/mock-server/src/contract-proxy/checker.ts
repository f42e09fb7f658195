import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { readDocumentText } from '../node/openapi-file.js';

/** The violations of one body that are listed; the rest are counted in one more. */
export const MAX_BODY_VIOLATIONS = 100;

/** One way an exchange broke openapi.yaml: which operation, which side, where (a JSON path) and what was expected. */
export interface Violation {
  /** `operationId (METHOD /path)`, or `METHOD /path` for a request no operation has. */
  operation: string;
  side: 'request' | 'response';
  /** A JSON path into the checked message: `$.results[0].airline`, `query.lookbackDays`, `status`. */
  path: string;
  /** What the contract wants there, in plain words: `an integer`, `one of ECONOMY, BUSINESS`. */
  expected: string;
}

// biome-ignore lint/suspicious/noExplicitAny: an arbitrary parsed YAML document
type Json = Record<string, any>;

// ajv-formats is CJS with a default export; its ESM build hands it over as `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

/**
 * Checks requests and answers against openapi.yaml with ajv (JSON Schema 2020-12): the operation, query
 * parameters, the API key header, the request body, the answer's status, media type, headers and body.
 */
export class ContractChecker {
  readonly #document: Json;
  readonly #ajv: Ajv2020;
  /** Coerces parameters' text to their schema's types. */
  readonly #paramAjv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: Json = parse(readDocumentText('openapi.yaml'))) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    this.#paramAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array' });
    for (const ajv of [this.#ajv, this.#paramAjv]) {
      addFormats(ajv);
      ajv.addSchema({ ...document, $id: 'openapi.yaml' });
    }
  }

  /** The operation of `method path` and its name, or `undefined`. */
  operation(method: string, path: string): { name: string; pointer: string[]; operation: Json } | undefined {
    const verb = (method === 'HEAD' ? 'GET' : method).toLowerCase();
    const operation = this.#document.paths?.[path]?.[verb];
    if (operation === undefined) return undefined;
    return { name: `${operation.operationId ?? verb} (${method} ${path})`, pointer: ['paths', path, verb], operation };
  }

  checkRequest(method: string, path: string, query: URLSearchParams, headers: Headers, body: string): Violation[] {
    const found = this.operation(method, path);
    if (found === undefined) {
      const operations = Object.entries(this.#document.paths ?? {}).flatMap(([p, item]) =>
        Object.keys(item as Json).map((verb) => `${verb.toUpperCase()} ${p}`),
      );
      return [
        {
          operation: `${method} ${path}`,
          side: 'request',
          path: 'operation',
          expected: `one of the operations of openapi.yaml: ${operations.join(', ')}`,
        },
      ];
    }
    const { name, pointer, operation } = found;
    const violations: Violation[] = [];
    const report = (at: string, expected: string) =>
      violations.push({ operation: name, side: 'request', path: at, expected });

    const security = operation.security ?? this.#document.security ?? [];
    for (const requirement of security as Json[]) {
      for (const scheme of Object.keys(requirement)) {
        const definition = this.#document.components?.securitySchemes?.[scheme];
        if (definition?.type === 'apiKey' && definition.in === 'header' && !headers.has(definition.name))
          report(`header.${definition.name}`, `the API key header (${scheme})`);
      }
    }
    (operation.parameters ?? []).forEach((given: Json, index: number) => {
      const { value: parameter, pointer: at } = this.#resolve(given, [...pointer, 'parameters', String(index)]);
      if (parameter.in !== 'query') return;
      const values = query.getAll(parameter.name);
      if (values.length === 0) {
        if (parameter.required) report(`query.${parameter.name}`, 'present (required)');
        return;
      }
      const validate = this.#valueValidator('param', at);
      if (!validate({ value: parameter.schema?.type === 'array' ? values : values[values.length - 1] })) {
        for (const error of validate.errors ?? [])
          report(
            `query.${parameter.name}${jsonPath(error.instancePath.replace(/^\/value/, ''))}`,
            describeError(error),
          );
      }
    });
    const requestBody =
      operation.requestBody === undefined
        ? undefined
        : this.#resolve(operation.requestBody, [...pointer, 'requestBody']);
    if (requestBody !== undefined) {
      if (body === '') {
        if (requestBody.value.required) report('$', 'a request body (required)');
      } else {
        const mediaType = mediaTypeOf(headers);
        if (requestBody.value.content?.[mediaType] === undefined)
          report('header.content-type', `one of ${Object.keys(requestBody.value.content ?? {}).join(', ')}`);
        else
          for (const found of this.#checkBody(
            name,
            'request',
            body,
            ref(...requestBody.pointer, 'content', mediaType, 'schema'),
          ))
            violations.push(found);
      }
    }
    return violations;
  }

  checkResponse(method: string, path: string, status: number, headers: Headers, body: string): Violation[] {
    const found = this.operation(method, path);
    if (found === undefined) return [];
    const { name, pointer, operation } = found;
    const violations: Violation[] = [];
    const report = (at: string, expected: string) =>
      violations.push({ operation: name, side: 'response', path: at, expected });
    const declared =
      operation.responses?.[String(status)] ??
      operation.responses?.[`${String(status)[0]}XX`] ??
      operation.responses?.default;
    if (declared === undefined) {
      report(
        'status',
        `one of the declared statuses ${Object.keys(operation.responses ?? {}).join(', ')}, got ${status}`,
      );
      return violations;
    }
    const { value: response, pointer: at } = this.#resolve(declared, [...pointer, 'responses', String(status)]);
    for (const [header, given] of Object.entries((response.headers ?? {}) as Json)) {
      const { pointer: headerAt } = this.#resolve(given as Json, [...at, 'headers', header]);
      const value = headers.get(header);
      // A 429 always has Retry-After (RATE-1).
      const required = (given as Json).required === true || (status === 429 && header.toLowerCase() === 'retry-after');
      if (value === null) {
        if (required) report(`header.${header.toLowerCase()}`, 'present');
        continue;
      }
      const validate = this.#valueValidator('header', headerAt);
      if (!validate({ value }))
        for (const error of validate.errors ?? [])
          report(`header.${header.toLowerCase()}`, `${describeError(error)}, got ${JSON.stringify(value)}`);
    }
    if (method === 'HEAD' || status === 204) return violations;
    const mediaType = mediaTypeOf(headers);
    if (response.content?.[mediaType] === undefined) {
      report(
        'header.content-type',
        `one of ${Object.keys(response.content ?? {}).join(', ')}, got ${JSON.stringify(mediaType)}`,
      );
      return violations;
    }
    for (const found of this.#checkBody(name, 'response', body, ref(...at, 'content', mediaType, 'schema')))
      violations.push(found);
    return violations;
  }

  #checkBody(operation: string, side: Violation['side'], text: string, schemaRef: string): Violation[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [{ operation, side, path: '$', expected: 'a JSON body' }];
    }
    const validate = this.#compile(this.#ajv, schemaRef, { $ref: schemaRef });
    if (validate(body)) return [];
    // A body can break a schema a hundred thousand times: the first ones, then a count.
    const errors = validate.errors ?? [];
    const kept = errors
      .slice(0, MAX_BODY_VIOLATIONS)
      .map((error) => ({ operation, side, path: `$${jsonPath(error.instancePath)}`, expected: describeError(error) }));
    const more = errors.length - kept.length;
    return more > 0
      ? [
          ...kept,
          {
            operation,
            side,
            path: '$',
            expected: `the body as the contract says, and ${more} more violations not listed`,
          },
        ]
      : kept;
  }

  /** A parameter's or header's schema, checked on `{ value }` with the text coerced to its types. */
  #valueValidator(kind: string, at: string[]): ValidateFunction {
    return this.#compile(this.#paramAjv, `${kind}:${at.join('/')}`, {
      type: 'object',
      properties: { value: { $ref: ref(...at, 'schema') } },
    });
  }

  #compile(ajv: Ajv2020, id: string, schema: Json): ValidateFunction {
    let validate = this.#compiled.get(id);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      this.#compiled.set(id, validate);
    }
    return validate;
  }

  /** Follows a local `$ref` to its target and JSON pointer. */
  #resolve(value: Json, pointer: string[]): { value: Json; pointer: string[] } {
    let current = { value, pointer };
    while (typeof current.value?.$ref === 'string' && current.value.$ref.startsWith('#/')) {
      const segments = current.value.$ref
        .slice(2)
        .split('/')
        .map((s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      current = {
        value: segments.reduce((node: Json, segment: string) => node?.[segment], this.#document),
        pointer: segments,
      };
    }
    return current;
  }
}

const mediaTypeOf = (headers: Headers): string =>
  (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

function ref(...segments: string[]): string {
  return `openapi.yaml#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** An ajv instance path (`/results/0/airline`) as a JSON path (`.results[0].airline`). */
function jsonPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');
}

/** What the schema expected, in plain words: "an integer", not ajv's "must be integer". */
function describeError(error: ErrorObject): string {
  const params = error.params as Json;
  const article = (type: string) =>
    type === 'boolean' ? 'true or false' : type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
  switch (error.keyword) {
    case 'type':
      return String(params.type).split(',').map(article).join(' or ');
    case 'enum':
      return `one of ${params.allowedValues.join(', ')}`;
    case 'const':
      return `the constant ${JSON.stringify(params.allowedValue)}`;
    case 'required':
      return `property "${params.missingProperty}" (required)`;
    case 'additionalProperties':
      return `no property "${params.additionalProperty}" (additional properties are not allowed)`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `a number ${params.comparison} ${params.limit}`;
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
      return `${error.keyword.startsWith('min') ? 'at least' : 'at most'} ${params.limit} ${error.keyword.endsWith('Items') ? 'items' : 'characters'}`;
    case 'pattern':
      return `a text matching ${params.pattern}`;
    case 'format':
      return `a valid ${params.format}`;
    case 'uniqueItems':
      return 'no item twice';
    case 'oneOf':
    case 'anyOf':
      return 'one of the forms the schema allows';
    default:
      return (error.message ?? error.keyword).replace(/^must (be )?/, '');
  }
}
