/** A problem with the command line or its files: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
