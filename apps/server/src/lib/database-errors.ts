/**
 * True when a database error means "no connection" (the pool's wait ran out, the server refused or dropped the
 * connection) rather than a fault of the request: the caller answers 503 and the client may retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(
      error.message,
    ) || ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '53300'].includes(code)
  );
}

/**
 * True when PostgreSQL refused a value it cannot store: a NUL character or invalid byte sequence, or text longer
 * than its column (the contracts' bounds are meant to stop those first).
 */
export function isUnstorableText(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && ['22021', '22P05', '22001'].includes(String(error.code))
  );
}
