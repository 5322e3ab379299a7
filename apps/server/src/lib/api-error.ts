/** An error that leaves the server as the contract's `{Code, Message}` envelope with its own status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A refusal of one item of a set created in one call (an import's DNS entries, tags or policies; decision 060): the
 * item's index and the error its own create would answer.
 */
export class ItemRefused extends ApiError {
  constructor(
    readonly index: number,
    error: ApiError,
  ) {
    super(error.statusCode, error.message);
    this.name = 'ItemRefused';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'unauthorized: a valid bearer token is required') =>
  new ApiError(401, message);
export const forbidden = (message = 'access denied') => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
