/**
 * Calls `fn`, and while `shouldRetry` says so calls it again after `delayMs`, at most `retries`
 * more times (spec section 8: account fetch answering 402 → retry after 100 ms, at most 3 times).
 * Resolves with the last result, which the caller inspects; a thrown error is not retried.
 */
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
