// One error type for every refusal, so every path ends in the same JSON body shape.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, 'bad_request', message, extra);

export const notFound = (message: string) => new HttpError(404, 'not_found', message);

/** 401 with a WWW-Authenticate challenge, as bearer-token servers send. */
export function unauthorized(code: string, message: string): HttpError {
  return new HttpError(
    401,
    code,
    message,
    {},
    {
      'www-authenticate': `Bearer realm="sandbox", error="${code}"`,
    },
  );
}
