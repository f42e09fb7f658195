/** One error of an ajv-compiled validator (the fields the mock reads). */
export interface CompiledError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The shape of the ajv standalone validators in `src/generated/`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: CompiledError[] | null;
}
