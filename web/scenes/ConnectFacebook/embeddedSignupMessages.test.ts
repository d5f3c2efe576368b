import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cancelledAt,
  isFacebookOrigin,
  listenForSignupMessages,
  readSignupMessage,
  SIGNUP_BROADCAST_EVENT,
  SIGNUP_LISTENER_LIFETIME_MS,
  type SignupMessage,
  signupMessageError,
} from './embeddedSignupMessages';

const finish = {
  type: 'WA_EMBEDDED_SIGNUP',
  event: 'FINISH',
  data: { phone_number_id: '106540352242922', waba_id: '102289599326934', business_id: '2729063490586005' },
};

function post(origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { origin, data }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('isFacebookOrigin', () => {
  it.each([
    ['https://www.facebook.com', true],
    ['https://business.facebook.com', true],
    ['https://facebook.com', true],
    ['http://www.facebook.com', false],
    ['https://notfacebook.com', false],
    ['https://facebook.com.evil.example', false],
    ['https://switchboard.example', false],
    ['null', false],
    ['', false],
  ])('%s → %s', (origin, expected) => {
    expect(isFacebookOrigin(origin)).toBe(expected);
  });
});

describe('readSignupMessage', () => {
  it('reads FINISH data from a JSON string, as Meta posts it', () => {
    expect(readSignupMessage(JSON.stringify(finish))).toEqual({
      kind: 'finish',
      event: 'FINISH',
      data: { phoneNumberId: '106540352242922', wabaId: '102289599326934', businessId: '2729063490586005' },
    });
  });

  it('reads every FINISH variant and objects too', () => {
    const message = readSignupMessage({
      ...finish,
      event: 'FINISH_ONLY_WABA',
      data: { waba_id: '123456789' },
    });
    expect(message).toEqual({ kind: 'finish', event: 'FINISH_ONLY_WABA', data: { wabaId: '123456789' } });
  });

  it('reads CANCEL with its step, and with none', () => {
    const withStep = readSignupMessage({
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: 'PHONE_NUMBER_SETUP' },
    });
    expect(withStep && signupMessageError(withStep)).toBe(
      'Signup process was cancelled at: PHONE_NUMBER_SETUP',
    );
    const reported = readSignupMessage({
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { error_message: 'Something went wrong', error_code: 524126, session_id: 'f34b…' },
    });
    expect(reported && signupMessageError(reported)).toBe('Signup process was cancelled at: unknown step');
    expect(cancelledAt(undefined)).toBe('Signup process was cancelled at: unknown step');
  });

  it('ignores everything else', () => {
    expect(readSignupMessage('not json')).toBeNull();
    expect(readSignupMessage(JSON.stringify({ type: 'OTHER', event: 'FINISH' }))).toBeNull();
    expect(readSignupMessage({ type: 'WA_EMBEDDED_SIGNUP' })).toBeNull();
    expect(readSignupMessage(null)).toBeNull();
    expect(readSignupMessage(42)).toBeNull();
  });
});

describe('listenForSignupMessages', () => {
  it("takes Facebook's messages only and re-broadcasts them as embeddedSignupMessage", () => {
    const received: SignupMessage[] = [];
    const broadcast: SignupMessage[] = [];
    const onBroadcast = (event: Event) => broadcast.push((event as CustomEvent<SignupMessage>).detail);
    window.addEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
    const stop = listenForSignupMessages((message) => received.push(message));

    post('https://evil.example', JSON.stringify(finish));
    post('https://notfacebook.com', JSON.stringify(finish));
    post('https://www.facebook.com', JSON.stringify({ type: 'SOMETHING_ELSE' }));
    expect(received).toEqual([]);

    post('https://www.facebook.com', JSON.stringify(finish));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ kind: 'finish', data: { wabaId: '102289599326934' } });
    expect(broadcast).toEqual(received);

    stop();
    post('https://www.facebook.com', JSON.stringify(finish));
    expect(received).toHaveLength(1);
    window.removeEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
  });

  it('stops listening after 5 minutes', () => {
    vi.useFakeTimers();
    const received: SignupMessage[] = [];
    listenForSignupMessages((message) => received.push(message));
    vi.advanceTimersByTime(SIGNUP_LISTENER_LIFETIME_MS - 1);
    post('https://www.facebook.com', JSON.stringify(finish));
    expect(received).toHaveLength(1);
    vi.advanceTimersByTime(1);
    post('https://www.facebook.com', JSON.stringify(finish));
    expect(received).toHaveLength(1);
  });
});
