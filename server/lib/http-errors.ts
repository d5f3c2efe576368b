/** An error whose message is safe to show the user; the error handler turns it into a 4xx body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request', field?: string) =>
  new HttpError(400, code, message, field);
export const unauthorized = (message: string, code = 'unauthorized') => new HttpError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
