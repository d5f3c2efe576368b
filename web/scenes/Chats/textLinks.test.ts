import { describe, expect, it } from 'vitest';
import { splitLinks } from './textLinks';

describe('splitLinks', () => {
  it('finds http(s) and www links and leaves the rest as text', () => {
    expect(splitLinks('See https://example.com/a?b=1 and www.shop.io now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.shop.io', href: 'https://www.shop.io' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('drops sentence punctuation after a link', () => {
    expect(splitLinks('Go to https://example.com.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'https://example.com', href: 'https://example.com' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links e-mail addresses', () => {
    expect(splitLinks('mail sales@acme.co')).toEqual([
      { kind: 'text', text: 'mail ' },
      { kind: 'link', text: 'sales@acme.co', href: 'mailto:sales@acme.co' },
    ]);
  });

  it('keeps markup as plain text and never links javascript:', () => {
    const text = '<script>alert(1)</script> javascript:alert(1)';
    expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
  });

  it('keeps line breaks inside text parts', () => {
    expect(splitLinks('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }]);
  });
});
