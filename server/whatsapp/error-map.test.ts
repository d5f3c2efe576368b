import { describe, expect, it } from 'vitest';
import { graphApiError } from '../test/graph-errors';
import { describeError, type ErrorContext, userMessageFor } from './error-map';
import { GraphConfigError, GraphNetworkError, GraphResponseError } from './graph-errors';

const WINDOW =
  'More than 24 hours have passed since this customer last messaged you. Until they reply, you can only send an approved template.';
const RATE = "WhatsApp's sending limit was reached. Please wait a moment and try again.";
const RECONNECT_TOKEN =
  'Your WhatsApp access token has expired or is no longer valid. Please reconnect your WhatsApp account.';
const RECONNECT_PERMISSION =
  'Switchboard no longer has permission to use this WhatsApp account. Please reconnect your WhatsApp account.';

const table: [number, ErrorContext, string, string][] = [
  [131047, 'text', `Failed to send message: ${WINDOW}`, 'use_template'],
  [131047, 'image', `Failed to send image: ${WINDOW}`, 'use_template'],
  [130429, 'text', `Failed to send message: ${RATE}`, 'retry_later'],
  [80007, 'templates_load', `Failed to fetch templates: ${RATE}`, 'retry_later'],
  [4, 'video', `Failed to send video: ${RATE}`, 'retry_later'],
  [17, 'document', `Failed to send document: ${RATE}`, 'retry_later'],
  [
    131056,
    'text',
    'Failed to send message: Too many messages were sent to this customer in a short time. Please wait a moment and try again.',
    'retry_later',
  ],
  [
    131026,
    'text',
    "Failed to send message: This customer can't receive WhatsApp messages. The number may not be on WhatsApp, or their app may need an update.",
    'none',
  ],
  [
    131053,
    'media_upload',
    "WhatsApp image, document or video upload failed: WhatsApp couldn't process this file. Check that its type is supported and matches its content.",
    'none',
  ],
  [
    131052,
    'media_download',
    'Failed to load media: The file is larger than WhatsApp allows (100 MB).',
    'none',
  ],
  [131051, 'text', 'Failed to send message: WhatsApp does not support this type of message.', 'none'],
  [190, 'text', RECONNECT_TOKEN, 'reconnect'],
  [190, 'templates_load', RECONNECT_TOKEN, 'reconnect'],
  [200, 'waba', RECONNECT_PERMISSION, 'reconnect'],
  [10, 'phone_numbers', RECONNECT_PERMISSION, 'reconnect'],
  [
    100,
    'reaction',
    'Failed to send reaction: WhatsApp rejected a value in the request (invalid parameter).',
    'none',
  ],
  [
    131009,
    'reaction',
    "Failed to send reaction: This message can't be reacted to. It may be older than 30 days or deleted.",
    'none',
  ],
  [131009, 'text', 'Failed to send message: WhatsApp rejected a value in the request.', 'none'],
  [
    132000,
    'template',
    "Failed to send template: The number of template parameters doesn't match the template.",
    'none',
  ],
  [
    132001,
    'template',
    "Failed to send template: This template doesn't exist in this language, or it isn't approved yet.",
    'none',
  ],
  [132015, 'template', 'Failed to send template: This template is paused because of low quality.', 'none'],
  [
    132068,
    'template',
    'Failed to send template: WhatsApp rejected the template. Check the template and its parameters.',
    'none',
  ],
  [
    131016,
    'text',
    'Failed to send message: WhatsApp is temporarily unavailable. Please wait a moment and try again.',
    'retry_later',
  ],
  [
    131049,
    'template',
    'Failed to send template: WhatsApp held this message back to protect customer engagement. Try again later.',
    'retry_later',
  ],
  [
    131050,
    'template',
    'Failed to send template: This customer has stopped receiving marketing messages from you.',
    'none',
  ],
];

describe('userMessageFor', () => {
  it.each(table)('code %s while sending %s reads "%s"', (code, context, message, action) => {
    expect(userMessageFor(graphApiError(code), context)).toBe(message);
    expect(describeError(graphApiError(code), context)).toMatchObject({ code, action });
  });

  it('reads the same way for an error object from a failed-status webhook', () => {
    const statusError = {
      code: 131047,
      title: 'Re-engagement message',
      message: 'Re-engagement message',
      details: '',
      href: null,
    };
    expect(userMessageFor(statusError, 'text')).toBe(`Failed to send message: ${WINDOW}`);
    expect(describeError({ code: 130429 }, 'text')).toMatchObject({
      isRetryable: true,
      action: 'retry_later',
    });
    expect(describeError({ code: 131047 }, 'text')).toMatchObject({ isRetryable: false });
  });

  it.each([
    ['text', 'Failed to send message'],
    ['image', 'Failed to send image'],
    ['video', 'Failed to send video'],
    ['document', 'Failed to send document'],
    ['reaction', 'Failed to send reaction'],
    ['template', 'Failed to send template'],
    ['templates_load', 'Failed to fetch templates'],
    ['debug_token', 'Failed to debug token'],
    ['phone_numbers', 'Failed to fetch phone numbers'],
    ['waba', 'Failed to fetch WABA details'],
    ['account', 'Failed to get WhatsApp account details'],
    ['media_upload', 'WhatsApp image, document or video upload failed'],
  ] as const)('falls back to the spec text for %s on an unknown code', (context, message) => {
    expect(userMessageFor(graphApiError(999_999), context)).toBe(message);
    expect(userMessageFor(new Error('boom'), context)).toBe(message);
    expect(userMessageFor(undefined, context)).toBe(message);
  });

  it("shows Meta's own message where the spec does ('Token exchange failed: ...')", () => {
    expect(
      userMessageFor(
        graphApiError(1_234_567, { message: 'This authorization code has expired.' }),
        'token_exchange',
      ),
    ).toBe('Token exchange failed: This authorization code has expired.');
    expect(
      userMessageFor(
        graphApiError(999_999, {
          message: '(#100) Invalid parameter',
          userMessage: 'Template name already exists',
        }),
        'template_create',
      ),
    ).toBe('Failed to create template: Template name already exists');
    expect(userMessageFor(graphApiError(999_999, { userMessage: 'Shown to users' }), 'text')).toBe(
      'Failed to send message: Shown to users',
    );
  });

  it('keeps the spec text a client error already carries', () => {
    const noId = new GraphResponseError(
      'no_message_id',
      'Failed to send message: No message ID received',
      200,
    );
    expect(userMessageFor(noId, 'image')).toBe('Failed to send message: No message ID received');
    expect(
      userMessageFor(
        new GraphResponseError('invalid_format', 'Invalid response format from WhatsApp API', 200),
        'templates_load',
      ),
    ).toBe('Invalid response format from WhatsApp API');
    const noToken = new GraphConfigError(
      'WhatsApp access token not found. Please reconnect your WhatsApp account.',
    );
    expect(describeError(noToken, 'text')).toEqual({
      message: 'WhatsApp access token not found. Please reconnect your WhatsApp account.',
      code: null,
      action: 'reconnect',
      isRetryable: false,
    });
  });

  it('explains network failures and timeouts as retryable', () => {
    const timeout = new GraphNetworkError('WhatsApp API request timed out after 15000 ms', {
      isTimeout: true,
      causeCode: null,
    });
    expect(describeError(timeout, 'video')).toEqual({
      message: 'Failed to send video: Could not reach WhatsApp. Please wait a moment and try again.',
      code: null,
      action: 'retry_later',
      isRetryable: true,
    });
  });

  it('marks a 5xx without a code as retryable but keeps the plain lead-in', () => {
    expect(describeError(graphApiError(null, { httpStatus: 503 }), 'text')).toEqual({
      message: 'Failed to send message',
      code: null,
      action: 'retry_later',
      isRetryable: true,
    });
  });
});
