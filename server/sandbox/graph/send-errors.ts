import { GraphError } from './errors';

/**
 * Every text the send endpoint answers a bad message with, in one table so the tests and the docs
 * read the same words. Wording follows Meta's: `(#100) The parameter … is required.`, `(#100) Param …
 * must be at most N characters long.`, and 131009 "Parameter value is not valid" with the specific
 * problem in error_data.details (shared/docs/whatsapp-cloud-api.md §2.3, §9). Link fetches that fail
 * end in a `failed` status with 131053 and one of the `link*` details.
 */
export const SEND_TEXTS = {
  required: (param: string) => `The parameter ${param} is required.`,
  tooLong: (param: string, max: number) => `Param ${param} must be at most ${max} characters long.`,
  empty: (param: string) => `Param ${param} must be a non-empty string.`,
  notAString: (param: string) => `Param ${param} must be a string.`,
  idOrLink: (param: string) => `Param ${param} must have either an id or a link, not both.`,
  badLink: (param: string) => `Param ${param} must be a valid http or https URL.`,
  unsupportedType:
    'Unsupported or missing message type. The sandbox accepts text, template, image, video, audio, document, sticker, reaction, location, contacts and interactive.',

  buttonCount: 'Invalid buttons count. Min allowed buttons: 1, Max allowed buttons: 3',
  buttonType: "Button type must be 'reply'.",
  buttonTitleLength: 'Button title length invalid. Min length: 1, Max length: 20',
  buttonIdLength: 'Button id length invalid. Min length: 1, Max length: 256',
  buttonIdUnique: 'Button ids must be unique within the message.',
  buttonTitleUnique: 'Button titles must be unique within the message.',
  listButtonLength: 'Button text length invalid. Min length: 1, Max length: 20',
  sectionCount: 'Invalid sections count. Min allowed sections: 1, Max allowed sections: 10',
  sectionRows: 'Each section must have at least one row.',
  sectionTitleLength: 'Section title length invalid. Max length: 24',
  rowCount: 'Total row count exceed max allowed count: 10',
  rowTitleLength: 'Row title length invalid. Min length: 1, Max length: 24',
  rowDescriptionLength: 'Row description length invalid. Max length: 72',
  rowIdLength: 'Row id length invalid. Min length: 1, Max length: 200',
  rowIdUnique: 'Row ids must be unique across all sections.',
  headerType: (kind: string, allowed: string) =>
    `Header type ${kind} is not allowed for this interactive message; allowed: ${allowed}.`,
  ctaName: "Param interactive['action']['name'] must be cta_url.",
  ctaDisplayTextLength: 'Display text length invalid. Min length: 1, Max length: 20',
  interactiveNotSupported: (type: string) =>
    `Interactive type ${type} is not supported by the sandbox. It accepts button, list and cta_url.`,
  latitude: "Param location['latitude'] must be a number between -90 and 90.",
  longitude: "Param location['longitude'] must be a number between -180 and 180.",
  contactsCount: 'Param contacts must be an array of 1 to 257 contact objects.',
  contactNamePart: (at: string) =>
    `Param ${at} must include at least one of first_name, last_name, middle_name, suffix or prefix besides formatted_name.`,
  voiceNotOgg: (mime: string) =>
    `Voice messages must be audio/ogg with the Opus codec; this file is ${mime}.`,
  voiceNotOpus: 'Voice messages must be audio/ogg with the Opus codec; this file holds no Ogg/Opus stream.',

  linkHttpStatus: (status: number, text: string) =>
    `Media download error: downloading media from weblink failed with http code ${status}, status message ${text}.`,
  linkUnreachable: (reason: string) => `Media download error: the weblink could not be reached (${reason}).`,
  linkTimeout: (seconds: number) =>
    `Media download error: the weblink did not answer within ${seconds} seconds.`,
  linkTooBig: (kind: string, max: number) =>
    `Media upload error: the ${kind} file is larger than the maximum of ${max} bytes.`,
  linkEmpty: 'Media upload error: the weblink returned an empty file.',
  linkWrongType: (kind: string, mime: string, allowed: string) =>
    `Media upload error: unsupported ${kind} mime type ${mime || 'unknown'}. Please use one of ${allowed}.`,
  linkVoiceNotOgg: (mime: string) =>
    `Media upload error: voice messages must be audio/ogg with the Opus codec, the weblink returned ${mime}.`,
  linkVoiceNotOpus:
    'Media upload error: voice messages must be audio/ogg with the Opus codec, the weblink returned no Ogg/Opus stream.',
} as const;

/** `(#100) <text>`: Meta puts the parameter problem itself in the message for code 100. */
function param100(text: string): GraphError {
  return new GraphError(100, text.replace(/\.$/, ''), text, { httpStatus: 400 });
}

export const sendErrors = {
  required: (param: string) => param100(SEND_TEXTS.required(param)),
  tooLong: (param: string, max: number) => param100(SEND_TEXTS.tooLong(param, max)),
  param: (text: string) => param100(text),
  /** 131009 with the specific problem in the details. */
  invalid: (details: string) =>
    new GraphError(131009, 'Parameter value is not valid', details, { httpStatus: 400 }),
  unsupported: (details: string) =>
    new GraphError(131051, 'Unsupported message type', details, { httpStatus: 400 }),
  media: (details: string) => new GraphError(131053, 'Media upload error', details, { httpStatus: 400 }),
};

/** The status-webhook error of a link that could not be fetched (the send itself was accepted). */
export function linkFailure(details: string) {
  return { code: 131053, title: 'Media upload error', details };
}
