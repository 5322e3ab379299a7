/** Resolves on a later turn of the event loop, after the I/O callbacks already waiting (setImmediate). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
