import { describe, expect, it } from 'vitest';
import { documentDetails, estimatePages, extensionOf } from './fileInfo';

describe('estimatePages', () => {
  it('counts one page per 50 KB of a PDF, at least one', () => {
    expect(estimatePages(218 * 1024, 'quote.pdf', 'application/pdf')).toBe(4);
    expect(estimatePages(3 * 1024, 'tiny.pdf', null)).toBe(1);
    expect(estimatePages(500 * 1024, 'sheet.xlsx', null)).toBeNull();
    expect(estimatePages(null, 'quote.pdf', null)).toBeNull();
  });
});

describe('documentDetails', () => {
  it("reads like the spec's '218 kB / 4 pages'", () => {
    expect(documentDetails(218 * 1024, 'quote.pdf', 'application/pdf')).toBe('218 kB / 4 pages');
    expect(documentDetails(12 * 1024, 'notes.txt', 'text/plain')).toBe('12 kB');
    expect(documentDetails(null, 'notes.txt', null)).toBe('');
  });
});

describe('extensionOf', () => {
  it('reads the name first, then the type', () => {
    expect(extensionOf('Report.DOCX', null)).toBe('docx');
    expect(extensionOf(null, 'application/pdf')).toBe('pdf');
  });
});
