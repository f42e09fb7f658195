/** The message `action` throws, or `'not refused'`: a refusal's words, read in one expectation. */
export function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  return 'not refused';
}
