import {
  normalizeTemplateName,
  type TemplateView,
  templateDraftProblem,
  variableCount,
} from '@common/api/templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../test/fakeXhr';
import { mockApi, renderScreen } from '../../test/render';
import { bodyVariableCount, nextVariable } from './components/CreateTemplateDialog';
import { Templates } from './Templates';

const template = (name: string, fields: Partial<TemplateView> = {}): TemplateView => ({
  id: `t_${name}`,
  name,
  language: 'en_US',
  category: 'UTILITY',
  status: 'approved',
  providerStatus: 'approved',
  rejectedReason: null,
  header: null,
  body: 'Hi {{1}}, your order is ready.',
  footer: null,
  buttons: [],
  bodyVariables: 1,
  headerVariables: 0,
  bodyExamples: ['Maya'],
  headerExample: null,
  headerSample: null,
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...fields,
});

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

describe('template rules', () => {
  it('normalizes names as spec §5 says', () => {
    expect(normalizeTemplateName('Order Update!')).toBe('order_update_');
    expect(normalizeTemplateName('café-2024')).toBe('caf__2024');
    expect(normalizeTemplateName('already_ok_9')).toBe('already_ok_9');
  });

  it('detects variables and the next one to insert', () => {
    expect(bodyVariableCount('Hi {{1}}, order {{2}}')).toBe(2);
    expect(variableCount('Hi {{1}}, order {{2}}')).toBe(2);
    expect(nextVariable('Hi {{1}}')).toBe('{{2}}');
    expect(nextVariable('')).toBe('{{1}}');
  });

  it('refuses drafts Meta would reject', () => {
    const base = {
      name: 'ok',
      category: 'UTILITY' as const,
      language: 'en_US' as const,
      body: 'Hi {{1}}, thanks for your order.',
      bodyExamples: ['Maya'],
      buttons: [],
    };
    expect(templateDraftProblem(base)).toBeNull();
    expect(templateDraftProblem({ ...base, bodyExamples: [] })?.message).toBe(
      'Enter an example value for the variable {{1}}',
    );
    expect(templateDraftProblem({ ...base, body: 'Hi {{2}} there friend' })?.field).toBe('body');
    expect(templateDraftProblem({ ...base, footer: 'Hi {{1}}' })?.message).toBe(
      'The footer cannot contain variables',
    );
  });
});

describe('Templates', () => {
  it('shows a 4-column grid with status badges, anything unknown as pending', async () => {
    mockApi({
      'GET /api/templates': {
        body: {
          templates: [
            template('hello_world'),
            template('promo', { status: 'pending', providerStatus: 'paused' }),
            template('bad_one', { status: 'rejected', rejectedReason: 'INVALID_FORMAT' }),
          ],
        },
      },
    });
    renderScreen(<Templates />, { path: '/app/marketing' });
    await waitFor(() => expect(screen.getAllByTestId('template-card')).toHaveLength(3));
    expect(screen.getByTestId('templates-grid').className).toContain('lg:grid-cols-4');
    const badges = screen.getAllByTestId('template-status').map((b) => b.textContent);
    expect(badges).toEqual(['approved', 'pending', 'rejected']);
    expect(screen.getByText('Rejected: INVALID_FORMAT')).toBeTruthy();
    // The preview fills the example value.
    expect(screen.getAllByTestId('template-preview')[0]!.textContent).toContain(
      'Hi Maya, your order is ready.',
    );
  });

  it('says Failed to load templates with Try Again', async () => {
    mockApi({ 'GET /api/templates': { status: 500, body: null } });
    renderScreen(<Templates />, { path: '/app/marketing' });
    const alert = await screen.findByTestId('templates-error');
    expect(alert.textContent).toContain('Failed to load templates');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('creates a template: name normalized, Create disabled until name and body, examples sent', async () => {
    let sent: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/templates': { body: { templates: [] } },
      'POST /api/templates': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: { template: template('order_update_', { status: 'pending' }) } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<Templates />, { path: '/app/marketing' });
    await user.click(await screen.findByRole('button', { name: 'Create template' }));
    const create = screen.getByRole('button', { name: 'Create' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), 'Order Update!');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('order_update_');
    expect(screen.getByText('Only lowercase letters, numbers and underscores')).toBeTruthy();
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Body'), 'Hi ');
    await user.click(screen.getByRole('button', { name: '+ Add variable' }));
    await user.type(screen.getByLabelText('Body'), ', it is ready.');
    expect((create as HTMLButtonElement).disabled).toBe(false);

    await user.click(create);
    expect((await screen.findByTestId('create-template-error')).textContent).toContain(
      'Enter an example value for the variable {{1}}',
    );
    await user.type(screen.getByLabelText('Example for {{1}}'), 'Maya');
    expect(screen.getAllByTestId('template-preview').at(-1)!.textContent).toContain('Hi Maya, it is ready.');
    await user.click(create);
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      name: 'order_update_',
      category: 'UTILITY',
      language: 'en_US',
      body: 'Hi {{1}}, it is ready.',
      bodyExamples: ['Maya'],
      header: null,
      footer: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s reason when creating fails', async () => {
    mockApi({
      'GET /api/templates': { body: { templates: [] } },
      'POST /api/templates': {
        status: 400,
        body: {
          error: 'template_create_failed',
          message: 'Failed to create template: Content in this language already exists.',
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(<Templates />, { path: '/app/marketing' });
    await user.click(await screen.findByRole('button', { name: 'Create template' }));
    await user.type(screen.getByLabelText('Name'), 'dup');
    await user.type(screen.getByLabelText('Body'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('create-template-error')).textContent).toBe(
      'Failed to create template: Content in this language already exists.',
    );
  });

  it('creates a template with an image header: the sample uploads at once and shows in the preview', async () => {
    let sent: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/templates': { body: { templates: [] } },
      'POST /api/templates': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: { template: template('spring_bikes', { status: 'pending' }) } };
      },
    });
    const uploads = fakeXhr(() => ({
      status: 201,
      body: {
        media: {
          id: '0f4d7a9e-2b1c-4c3e-9a8b-1d2e3f4a5b6c',
          kind: 'image',
          mimeType: 'image/png',
          filename: 'spring.png',
          size: 4,
          url: '/api/media/0f4d7a9e-2b1c-4c3e-9a8b-1d2e3f4a5b6c',
        },
      },
    }));
    const user = userEvent.setup();
    renderScreen(<Templates />, { path: '/app/marketing' });
    await user.click(await screen.findByRole('button', { name: 'Create template' }));
    await user.type(screen.getByLabelText('Name'), 'spring_bikes');
    await user.type(screen.getByLabelText('Body'), 'Our spring bikes are here.');
    await user.click(screen.getByLabelText('Header'));
    await user.click(screen.getByRole('radio', { name: 'Image' }));

    // The browser's type is checked first: a GIF never goes up.
    const field = screen.getByLabelText('Header image');
    await userEvent
      .setup({ applyAccept: false })
      .upload(field, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('template-media-error').textContent).toBe('Header images must be JPEG or PNG');
    expect(uploads).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('create-template-error')).textContent).toBe(
      'Choose the image for the header',
    );

    await user.upload(
      field,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'spring.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByTestId('template-media-name').textContent).toBe('spring.png'));
    expect(uploads[0]?.url).toBe('/api/templates/header-samples');
    expect(uploads[0]?.form.get('format')).toBe('IMAGE');
    const preview = screen.getAllByTestId('template-preview').at(-1)!;
    expect(within(preview).getByTestId('template-preview-media').tagName).toBe('IMG');

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      name: 'spring_bikes',
      header: { format: 'IMAGE', mediaId: '0f4d7a9e-2b1c-4c3e-9a8b-1d2e3f4a5b6c' },
    });
  });

  it('shows a template’s sample image on its card', async () => {
    mockApi({
      'GET /api/templates': {
        body: {
          templates: [
            template('spring_bikes', {
              header: { format: 'IMAGE', text: null },
              headerSample: {
                id: 'm1',
                kind: 'image',
                mimeType: 'image/png',
                filename: 'spring.png',
                size: 10,
                url: '/api/media/m1',
              },
            }),
          ],
        },
      },
    });
    renderScreen(<Templates />, { path: '/app/marketing' });
    const media = await screen.findByTestId('template-preview-media');
    expect(media.getAttribute('src')).toBe('/api/media/m1');
  });
});
