import type { AiSettingsResponse } from '@common/api/ai';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aiStatus } from '../../../../test/aiStatus';
import { renderComposer } from './renderComposer';

const CONTACT = '11111111-1111-4111-8111-111111111111';

function settings(configured: boolean): AiSettingsResponse {
  return {
    status: aiStatus(configured),
    settings: null,
    serverModel: null,
    abilities: { configure: false, suggest: true },
  };
}

/** A suggestion stream the test feeds line by line; `close` ends it. */
function controllableStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    send: (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    close: () => controller.close(),
  };
}

type Suggest = (init: RequestInit) => Response;

function stubAi(configured: boolean, suggest: Suggest) {
  const calls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/ai/settings') return Response.json(settings(configured));
      if (input === '/api/ai/suggest' && init?.method === 'POST') {
        calls.push(init);
        init.signal?.throwIfAborted();
        return suggest(init);
      }
      throw new Error(`Unexpected request: ${input}`);
    }),
  );
  return calls;
}

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('Suggest reply in the composer', () => {
  it('streams the suggestion into the message box, never sends it, and hands it back to edit', async () => {
    const stream = controllableStream();
    const calls = stubAi(true, () => new Response(stream.body, { status: 200 }));
    const user = userEvent.setup();
    const props = renderComposer({ contactId: CONTACT });

    await user.click(await screen.findByRole('button', { name: 'Suggest reply' }));
    stream.send({ type: 'start', source: 'sandbox', label: 'Sandbox model', model: 'switchboard-sandbox' });
    stream.send({ type: 'delta', text: 'Hi Maya, ' });
    await waitFor(() => expect(box().value).toBe('Hi Maya, '));
    expect(await screen.findByText(/Sandbox model is writing a draft/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    stream.send({ type: 'delta', text: 'your order ships today.' });
    await waitFor(() => expect(box().value).toBe('Hi Maya, your order ships today.'));
    stream.send({ type: 'done', text: 'Hi Maya, your order ships today.' });
    stream.close();

    await screen.findByRole('button', { name: 'Suggest reply' });
    expect(props.onSendText).not.toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ contactId: CONTACT, action: 'suggest' });

    await user.type(box(), ' Thanks!{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('Hi Maya, your order ships today. Thanks!');
  });

  it('says quietly which model wrote the draft once it has streamed, until it is sent or cleared', async () => {
    const streams = [controllableStream(), controllableStream()];
    let n = 0;
    stubAi(true, () => new Response(streams[n++]!.body, { status: 200 }));
    const user = userEvent.setup();
    const props = renderComposer({ contactId: CONTACT });
    const finish = async (stream: ReturnType<typeof controllableStream>, text: string) => {
      await user.click(await screen.findByRole('button', { name: 'Suggest reply' }));
      stream.send({ type: 'start', source: 'sandbox', label: 'Sandbox model', model: 'switchboard-sandbox' });
      stream.send({ type: 'delta', text });
      await screen.findByText(/Sandbox model is writing a draft/);
      expect(screen.queryByTestId('suggestion-drafted-by')).toBeNull();
      stream.send({ type: 'done', text });
      stream.close();
      await screen.findByRole('button', { name: 'Suggest reply' });
    };

    await finish(streams[0]!, 'Hi Maya, your order ships today.');
    const credit = await screen.findByTestId('suggestion-drafted-by');
    // In words (the icon is decorative), inside the polite status region, in a quiet grey.
    expect(credit.textContent).toBe('Drafted by Sandbox model · switchboard-sandbox');
    expect(credit.closest('[role="status"]')).not.toBeNull();
    expect(credit.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(credit.className).toContain('text-slate-600');

    // Editing keeps it; sending ends it.
    await user.type(box(), ' Thanks!');
    expect(screen.getByTestId('suggestion-drafted-by')).toBeTruthy();
    await user.type(box(), '{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('Hi Maya, your order ships today. Thanks!');
    await waitFor(() => expect(screen.queryByTestId('suggestion-drafted-by')).toBeNull());

    // Clearing the draft by hand ends it too.
    await finish(streams[1]!, 'See you soon.');
    expect(await screen.findByTestId('suggestion-drafted-by')).toBeTruthy();
    await user.clear(box());
    await waitFor(() => expect(screen.queryByTestId('suggestion-drafted-by')).toBeNull());
  });

  it('Stop aborts the request and keeps what arrived', async () => {
    const stream = controllableStream();
    let signal: AbortSignal | null = null;
    stubAi(true, (init) => {
      signal = init.signal ?? null;
      return new Response(stream.body, { status: 200 });
    });
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });

    await user.click(await screen.findByRole('button', { name: 'Suggest reply' }));
    stream.send({ type: 'delta', text: 'Hi Maya' });
    await waitFor(() => expect(box().value).toBe('Hi Maya'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByRole('button', { name: 'Suggest reply' });
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(box().value).toBe('Hi Maya');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts with Ctrl+J in the message box and stops with it again', async () => {
    const stream = controllableStream();
    stubAi(true, () => new Response(stream.body, { status: 200 }));
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    await screen.findByRole('button', { name: 'Suggest reply' });
    await user.click(box());
    await user.keyboard('{Control>}j{/Control}');
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeTruthy();
    await user.keyboard('{Control>}j{/Control}');
    expect(await screen.findByRole('button', { name: 'Suggest reply' })).toBeTruthy();
  });

  it('shows the provider’s words and puts the draft back when the model fails', async () => {
    const stream = controllableStream();
    stubAi(true, () => new Response(stream.body, { status: 200 }));
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    await user.type(box(), 'Hello');
    await user.click(await screen.findByRole('button', { name: 'Suggest reply' }));
    stream.send({ type: 'delta', text: 'Hello there' });
    stream.send({
      type: 'error',
      code: 'ai_rate_limited',
      message: 'The AI provider is rate-limiting requests. Wait a moment and try again.',
    });
    stream.close();
    expect((await screen.findByTestId('suggestion-error')).textContent).toContain(
      'The AI provider is rate-limiting requests. Wait a moment and try again.',
    );
    expect(box().value).toBe('Hello');
  });

  it('rewrites the draft from the menu', async () => {
    const stream = controllableStream();
    const calls = stubAi(true, () => new Response(stream.body, { status: 200 }));
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    await user.type(box(), 'hey we ship tmrw');
    await user.click(await screen.findByRole('button', { name: 'Rewrite with AI' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fix spelling' }));
    stream.send({ type: 'delta', text: 'Hey, we ship tomorrow.' });
    stream.send({ type: 'done', text: 'Hey, we ship tomorrow.' });
    stream.close();
    await waitFor(() => expect(box().value).toBe('Hey, we ship tomorrow.'));
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      contactId: CONTACT,
      action: 'fix_spelling',
      draft: 'hey we ship tmrw',
    });
  });

  it('rewrites only the selected text and keeps the rest of the draft', async () => {
    const stream = controllableStream();
    const calls = stubAi(true, () => new Response(stream.body, { status: 200 }));
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    await user.type(box(), 'Thanks! hey we ship tmrw. Bye');
    box().setSelectionRange(8, 25);
    await user.click(await screen.findByRole('button', { name: 'Rewrite with AI' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make more formal' }));
    stream.send({ type: 'delta', text: 'We will ship tomorrow.' });
    stream.send({ type: 'done', text: 'We will ship tomorrow.' });
    stream.close();
    await waitFor(() => expect(box().value).toBe('Thanks! We will ship tomorrow. Bye'));
    expect(JSON.parse(String(calls[0]!.body)).draft).toBe('hey we ship tmrw.');
  });

  it('explains how to turn AI on when no model is connected, without asking the server', async () => {
    const calls = stubAi(false, () => {
      throw new Error('must not be called');
    });
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    const button = await screen.findByRole('button', { name: 'Suggest reply' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rewrite with AI' })).toBeNull());
    await user.click(button);
    expect((await screen.findByTestId('suggestion-error')).textContent).toContain(
      'The team owner can connect a model in Settings → AI.',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows a refusal before the stream in the server’s words', async () => {
    stubAi(true, () =>
      Response.json(
        { error: 'too_many_requests', message: 'Too many AI requests. Try again in 1 minute.' },
        {
          status: 429,
        },
      ),
    );
    const user = userEvent.setup();
    renderComposer({ contactId: CONTACT });
    await user.click(await screen.findByRole('button', { name: 'Suggest reply' }));
    expect((await screen.findByTestId('suggestion-error')).textContent).toContain(
      'Too many AI requests. Try again in 1 minute.',
    );
  });
});
