/** Why a call failed: the server answered with an error, could not be reached, or answered nonsense. */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

/**
 * A failed API call. For `http` errors `message` is the server's `Message` field, which the contract
 * promises is human-readable (api-contract §1.5), so the UI can show it as is.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly path: string;

  constructor(options: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    path: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status;
    this.path = options.path;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Reads the `{Code, Message, Response: null}` error envelope; null when the body is something else. */
export function readErrorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('Message' in body)) return null;
  const message = body.Message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
