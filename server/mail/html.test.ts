import { describe, expect, it } from 'vitest';
import { passwordResetEmail } from '../commands/password-reset';
import { escapeHtml, html, SafeHtml } from './html';

describe('e-mail HTML', () => {
  it('escapes the five characters that can start markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('escapes every interpolation of the html template, and nothing of the template itself', () => {
    const name = '<script>alert(1)</script>';
    const link = 'https://x.example/?a=1&b="><img src=x onerror=alert(1)>';
    const out = html`<p>Hi ${name}</p><a href="${link}">go</a>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe(
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p><a href="https://x.example/?a=1&amp;b=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">go</a>',
    );
    expect(String(out)).toBe(out.value);
  });

  it('keeps nested html as markup, renders lists and numbers, and drops null and undefined', () => {
    const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${3}`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>3');
  });

  it('escapes the link and address in the password-reset e-mail', () => {
    const mail = passwordResetEmail('a@b.example', 'https://inbox.example/reset-password?token=x"><b>&y=1');
    expect(mail.html).toContain(
      'href="https://inbox.example/reset-password?token=x&quot;&gt;&lt;b&gt;&amp;y=1"',
    );
    expect(mail.html).not.toContain('"><b>');
    expect(mail.text).toContain('https://inbox.example/reset-password?token=x"><b>&y=1');
  });
});
