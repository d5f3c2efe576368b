import type { TestContext } from './harness';

/**
 * A JSON call to the app as a signed-in user (their session cookie): the status and the parsed body
 * (null for an empty one), with the error shape's `message` and `error` typed alongside.
 */
export function apiCaller(ctx: () => TestContext) {
  return async <T = Record<string, unknown>>(
    who: { cookie: string },
    method: string,
    url: string,
    payload?: object,
  ) => {
    const res = await ctx().app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: (res.body ? res.json() : null) as T & { message?: string; error?: string },
    };
  };
}
