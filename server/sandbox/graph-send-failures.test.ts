import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGraphClient } from '../accounts/graph';
import {
  graphError,
  type ListeningContext,
  listeningSandbox,
  phoneApi,
  type SignupResult,
} from '../test/sandbox';
import type { GraphClient } from '../whatsapp/graph-client';
import { buildTextMessage } from '../whatsapp/message-builders';

/**
 * The sandbox's switches that make sends fail as Meta does on a bad day (failNextSends) or past a
 * number's throughput (messagesPerSecond), through the app's own Graph client over real HTTP.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let graph: GraphClient;
const CUSTOMER = '16505551234';
const phoneId = () => signup.data.phone_number_id;

/** The customer writes first, which opens the 24-hour window. */
async function customerSays(text: string) {
  const res = await phoneApi(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`,
    {
      type: 'text',
      text,
    },
  );
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Sheena Nelson' }));
  const exchanged = await appGraphClient(ctx.env).exchangeCode(signup.code);
  graph = appGraphClient(ctx.env, exchanged.accessToken);
});
afterAll(() => ctx.close());

describe('sends that fail on purpose', () => {
  it('answers the next sends with 429, 500 and 131047 when failNextSends says so', async () => {
    await customerSays('Still there?');
    const send = () => graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Hello'));

    await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: { code: 429, count: 2 } });
    for (let i = 0; i < 2; i++) {
      expect(await graphError(send())).toMatchObject({ code: 130429, httpStatus: 429, isRetryable: true });
    }
    await expect(send()).resolves.toMatchObject({ externalId: expect.stringMatching(/^wamid\./) });

    await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: { code: 500, count: 1 } });
    expect(await graphError(send())).toMatchObject({ code: 131000, httpStatus: 500, isRetryable: true });

    await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: { code: 131047, count: 1 } });
    expect(await graphError(send())).toMatchObject({ code: 131047, httpStatus: 400, isRetryable: false });
    const settings = await phoneApi<{ settings: { failNextSends: unknown } }>(ctx.origin, 'GET', '/settings');
    expect(settings.body.settings.failNextSends).toBeNull();
  });

  it('answers sends past the number’s messages per second with 130429, and all of them without a limit', async () => {
    await customerSays('Sale?');
    const burst = async (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Hello')).then(
            () => 'sent',
            (error: unknown) => error,
          ),
        ),
      );
    await phoneApi(ctx.origin, 'PUT', '/settings', { messagesPerSecond: 3 });
    const startSecond = Math.floor(Date.now() / 1000);
    const answers = await burst(10);
    const secondsSpanned = Math.floor(Date.now() / 1000) - startSecond + 1;
    const sent = answers.filter((a) => a === 'sent').length;
    const refused = answers.filter((a) => a !== 'sent');
    // At most 3 go in each wall-clock second the burst touched (one or two on an idle machine).
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(3 * secondsSpanned);
    for (const error of refused)
      expect(error).toMatchObject({ code: 130429, httpStatus: 429, isRetryable: true });

    await phoneApi(ctx.origin, 'PUT', '/settings', { messagesPerSecond: null });
    expect((await burst(10)).every((a) => a === 'sent')).toBe(true);
  });
});
