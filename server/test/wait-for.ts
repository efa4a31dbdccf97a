/** Polls until `check` returns a truthy value (background work such as mail), or gives its last value after timeoutMs. */
export async function waitFor<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
