import { describe, expect, it } from 'vitest';
import { checkSize, fitWithin, validateAttachment, validateCaption } from './attachments';

const MB = 1024 * 1024;

/** A File that claims `size` bytes without allocating them. */
function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('validateAttachment: images', () => {
  it('accepts JPEG and PNG only, in the spec’s words', () => {
    expect(validateAttachment(fakeFile('a.jpg', 'image/jpeg'), 'image')).toBeNull();
    expect(validateAttachment(fakeFile('a.png', 'image/png'), 'image')).toBeNull();
    expect(validateAttachment(fakeFile('a.gif', 'image/gif'), 'image')).toBe(
      'Only JPEG and PNG images are supported',
    );
    expect(validateAttachment(fakeFile('a.webp', 'image/webp'), 'image')).toBe(
      'Only JPEG and PNG images are supported',
    );
  });

  it('lets a large image through to be shrunk, and refuses it if still over 5MB', () => {
    expect(validateAttachment(fakeFile('big.jpg', 'image/jpeg', 9 * MB), 'image')).toBeNull();
    expect(checkSize(fakeFile('big.jpg', 'image/jpeg', 5 * MB + 1), 'image')).toBe(
      'Image size must be less than 5MB',
    );
    expect(checkSize(fakeFile('ok.jpg', 'image/jpeg', 5 * MB), 'image')).toBeNull();
  });
});

describe('validateAttachment: videos', () => {
  it('names the wrong type', () => {
    expect(validateAttachment(fakeFile('a.mp4', 'video/mp4'), 'video')).toBeNull();
    expect(validateAttachment(fakeFile('a.3gp', 'video/3gpp'), 'video')).toBeNull();
    expect(validateAttachment(fakeFile('a.mov', 'video/quicktime'), 'video')).toBe(
      'Unsupported video format. WhatsApp only supports MP4 and 3GPP videos. Your file is video/quicktime.',
    );
  });

  it('gives the size in MB with two decimals', () => {
    expect(validateAttachment(fakeFile('a.mp4', 'video/mp4', 17.25 * MB), 'video')).toBe(
      'Video exceeds maximum size of 16MB. Your file is 17.25MB.',
    );
    expect(validateAttachment(fakeFile('a.mp4', 'video/mp4', 16 * MB), 'video')).toBeNull();
  });
});

describe('validateAttachment: documents', () => {
  it('accepts the listed extensions and lists them when refusing', () => {
    for (const name of ['a.txt', 'a.xls', 'a.xlsx', 'a.doc', 'a.docx', 'a.ppt', 'a.pptx', 'Report.PDF']) {
      expect(validateAttachment(fakeFile(name, ''), 'document')).toBeNull();
    }
    expect(validateAttachment(fakeFile('a.zip', 'application/zip'), 'document')).toBe(
      'Unsupported document type. Supported types: txt, xls, xlsx, doc, docx, ppt, pptx, pdf.',
    );
  });

  it('refuses documents over 100MB', () => {
    expect(validateAttachment(fakeFile('a.pdf', 'application/pdf', 101 * MB), 'document')).toBe(
      'Document size must be less than 100MB',
    );
  });
});

describe('validateAttachment: audio (saved messages)', () => {
  it('uses the saved-message wording', () => {
    expect(validateAttachment(fakeFile('a.ogg', 'audio/ogg; codecs=opus'), 'audio')).toBeNull();
    expect(validateAttachment(fakeFile('a.wav', 'audio/wav'), 'audio')).toBe(
      'Unsupported file type. Supported types for audios are: aac, mp4, mpeg, amr, ogg',
    );
    expect(validateAttachment(fakeFile('a.mp3', 'audio/mpeg', 17 * MB), 'audio')).toBe(
      'File size too large. Maximum size for audios is 16MB',
    );
  });
});

describe('validateCaption', () => {
  it('allows 1024 characters', () => {
    expect(validateCaption('a'.repeat(1024))).toBeNull();
    expect(validateCaption('a'.repeat(1025))).toBe('Caption cannot exceed 1024 characters');
  });
});

describe('fitWithin', () => {
  it('scales the longest side down and never up', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(1000, 4000, 200)).toEqual({ width: 50, height: 200 });
    expect(fitWithin(100, 80, 200)).toEqual({ width: 100, height: 80 });
  });
});
