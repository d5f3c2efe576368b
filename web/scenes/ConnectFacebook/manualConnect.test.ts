import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { placeServerError, validateManualConnect } from './manualConnect';

const TOKEN = 'EAAG-a-long-enough-system-user-token';

describe('validateManualConnect', () => {
  it('accepts numeric ids and a token, trimmed', () => {
    expect(
      validateManualConnect({
        wabaId: ' 102289599326934',
        phoneNumberId: '106540352242922 ',
        accessToken: ` ${TOKEN} `,
      }),
    ).toEqual({
      ok: true,
      input: { wabaId: '102289599326934', phoneNumberId: '106540352242922', accessToken: TOKEN },
    });
  });

  it('names what is missing', () => {
    expect(validateManualConnect({ wabaId: '', phoneNumberId: ' ', accessToken: '  ' })).toEqual({
      ok: false,
      errors: {
        wabaId: 'WhatsApp Business Account ID is required',
        phoneNumberId: 'Phone number ID is required',
        accessToken: 'Access token is required',
      },
    });
  });

  it('wants the numeric ids and a whole token', () => {
    const result = validateManualConnect({
      wabaId: '1234',
      phoneNumberId: '+1 555 0100',
      accessToken: 'EAA123',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        wabaId: "WhatsApp Business Account ID must be the numeric ID shown in Meta's WhatsApp Manager",
        phoneNumberId: "Phone number ID must be the numeric ID shown in Meta's WhatsApp Manager",
        accessToken: 'Access token looks too short: paste the whole system-user token',
      },
    });
  });
});

describe('placeServerError', () => {
  it('puts a message about a form field under that field', () => {
    const error = new ApiRequestError(
      400,
      { error: 'validation_failed', message: 'Bad id', field: 'wabaId' },
      'x',
    );
    expect(placeServerError(error, 'fallback')).toEqual({ field: 'wabaId', message: 'Bad id' });
  });

  it('keeps other messages for the red box, and falls back without one', () => {
    const general = new ApiRequestError(
      400,
      { error: 'connect_failed', message: 'No phone numbers found' },
      'x',
    );
    expect(placeServerError(general, 'fallback')).toEqual({ field: null, message: 'No phone numbers found' });
    const other = new ApiRequestError(400, { error: 'e', message: 'Odd', field: 'somethingElse' }, 'x');
    expect(placeServerError(other, 'fallback')).toEqual({ field: null, message: 'Odd' });
    expect(placeServerError(new ApiRequestError(0, null, 'Network error'), 'fallback')).toEqual({
      field: null,
      message: 'fallback',
    });
  });
});
