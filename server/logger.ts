import type { LoggerOptions } from 'pino';

/** pino options: structured JSON, with every place a secret could appear redacted. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-hub-signature-256"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.confirmPassword',
        '*.accessToken',
        '*.access_token',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        // Query strings can carry reset tokens and verify tokens: log the path only.
        return { method: request.method, url: request.url.split('?')[0], ip: request.ip };
      },
    },
  };
}
