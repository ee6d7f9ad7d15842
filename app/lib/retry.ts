/** Spec section 8 (account fetch answering 402). A thrown error is not retried. */
export async function retryWhile<T>(
  fn: () => Promise<T>,
  shouldRetry: (result: T) => boolean,
  { retries = 3, delayMs = 100 }: { retries?: number; delayMs?: number } = {},
): Promise<T> {
  let result = await fn();
  for (let attempt = 0; attempt < retries && shouldRetry(result); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    result = await fn();
  }
  return result;
}
