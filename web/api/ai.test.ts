import { describe, expect, it, vi } from 'vitest';
import { AiStreamError, ndjsonLines, streamSuggestion } from './ai';

/** A streamed NDJSON answer cut into exactly these chunks. */
function ndjsonResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

const START = '{"type":"start","source":"sandbox","label":"Sandbox model","model":"switchboard-sandbox"}\n';

describe('ndjsonLines', () => {
  it('keeps a line cut between chunks until its end arrives', () => {
    const lines = ndjsonLines();
    expect(lines.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(lines.push(':2}')).toEqual([]);
    expect(lines.push('\n\n{"c":3}')).toEqual(['{"b":2}']);
    expect(lines.end()).toEqual(['{"c":3}']);
  });
});

describe('streamSuggestion', () => {
  it('reads start, deltas and done across awkward chunk boundaries', async () => {
    const fetchMock = vi.fn(async () =>
      ndjsonResponse([
        START.slice(0, 30),
        `${START.slice(30)}{"type":"delta","te`,
        'xt":"Hi Maya, "}\n{"type":"delta","text":"your order',
        ' ships today."}\n{"type":"done","text":"Hi Maya, your order ships today."}',
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onStart = vi.fn();
    const deltas: string[] = [];
    const text = await streamSuggestion({ contactId: 'c1', onStart, onDelta: (d) => deltas.push(d) });
    expect(text).toBe('Hi Maya, your order ships today.');
    expect(deltas).toEqual(['Hi Maya, ', 'your order ships today.']);
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ label: 'Sandbox model' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ contactId: 'c1', action: 'suggest' });
  });

  it('splits a multi-byte character cut between chunks correctly', async () => {
    const bytes = new TextEncoder().encode(
      `${START}{"type":"delta","text":"Olá"}\n{"type":"done","text":"Olá"}\n`,
    );
    const cut = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }));
    const deltas: string[] = [];
    await streamSuggestion({ contactId: 'c1', onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Olá']);
  });

  it('throws the words of an error line after the text that came before it', async () => {
    vi.stubGlobal('fetch', async () =>
      ndjsonResponse([
        START,
        '{"type":"delta","text":"Hi"}\n',
        '{"type":"error","code":"ai_timeout","message":"The AI provider took too long to answer. Try again."}\n',
      ]),
    );
    const deltas: string[] = [];
    const failure = await streamSuggestion({ contactId: 'c1', onDelta: (d) => deltas.push(d) }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(AiStreamError);
    expect((failure as AiStreamError).message).toBe('The AI provider took too long to answer. Try again.');
    expect((failure as AiStreamError).code).toBe('ai_timeout');
    expect(deltas).toEqual(['Hi']);
  });

  it('throws the server’s words for a JSON refusal before the stream', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'ai_not_configured', message: 'AI is not turned on.' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const failure = await streamSuggestion({ contactId: 'c1', action: 'shorter', draft: 'x' }).catch(
      (e: unknown) => e,
    );
    expect((failure as AiStreamError).message).toBe('AI is not turned on.');
    expect((failure as AiStreamError).code).toBe('ai_not_configured');
  });

  it('says so when the stream ends without done', async () => {
    vi.stubGlobal('fetch', async () => ndjsonResponse([START, '{"type":"delta","text":"Hi"}\n']));
    await expect(streamSuggestion({ contactId: 'c1' })).rejects.toThrow('stopped before it was finished');
  });
});
