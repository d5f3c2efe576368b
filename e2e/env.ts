/**
 * The e2e server's Meta app, as an operator would configure it: no real app, the built-in sandbox on
 * (SANDBOX=1), and an app secret the tests know, so they can call the sandbox's Graph API as the app
 * (e.g. to exchange a token while the sandbox clock is set back). Nothing here reaches Meta.
 */
/** 3100 unless E2E_PORT says otherwise (two runs on one machine need two ports). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SANDBOX_APP_ID = 'sandbox-app';
export const SANDBOX_APP_SECRET = 'e2e-sandbox-app-secret-not-for-production';
