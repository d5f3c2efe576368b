import type { TemplateView } from '@common/api/templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeXhr } from '../test/fakeXhr';
import { mockApi, renderScreen } from '../test/render';
import { TemplatePicker } from './TemplatePicker';

const SAMPLE = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  kind: 'image' as const,
  mimeType: 'image/png',
  filename: 'spring.png',
  size: 2048,
  url: '/api/media/a1b2c3d4-0000-4000-8000-000000000001',
};

const springBikes: TemplateView = {
  id: 'b1b2c3d4-0000-4000-8000-000000000002',
  name: 'spring_bikes',
  language: 'en_US',
  category: 'MARKETING',
  status: 'approved',
  providerStatus: 'approved',
  rejectedReason: null,
  header: { format: 'IMAGE', text: null },
  body: 'Hi {{1}}, our spring bikes are here.',
  footer: null,
  buttons: [],
  bodyVariables: 1,
  headerVariables: 0,
  bodyExamples: ['Maya'],
  headerExample: null,
  headerSample: SAMPLE,
  updatedAt: '2026-11-21T10:00:00.000Z',
};

const pending = {
  id: 'c1',
  contactId: 'contact-1',
  direction: 'outgoing',
  type: 'template',
  body: 'Hi Sam, our spring bikes are here.',
  status: 'pending',
};

describe('TemplatePicker with a media header', () => {
  it('prefills the sample, shows it in the preview, and sends without a file of its own', async () => {
    let sent: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/templates': { body: { templates: [springBikes] } },
      'POST /api/contacts/contact-1/template-messages': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 202, body: { message: pending } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TemplatePicker contactId="contact-1" contactName="Sam" />);
    const grid = await screen.findByTestId('template-grid');
    expect(within(grid).getByTestId('template-preview-media').getAttribute('src')).toBe(SAMPLE.url);
    await user.click(within(grid).getByRole('button', { name: 'Send' }));

    const fill = screen.getByTestId('template-fill');
    expect(within(fill).getByTestId('template-media-name').textContent).toBe('spring.png');
    expect(within(fill).getByText('The template’s sample')).toBeTruthy();
    expect(within(fill).getByTestId('template-preview-media').getAttribute('src')).toBe(SAMPLE.url);
    expect(within(fill).getByTestId('template-preview').textContent).toContain(
      'Hi Sam, our spring bikes are here.',
    );
    await user.click(within(fill).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ templateId: springBikes.id, parameters: { body: ['Sam'] } });
    expect(sent).not.toHaveProperty('headerMediaId');
  });

  it('sends a file chosen for this message, and needs one when the template has no sample', async () => {
    let sent: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/templates': { body: { templates: [{ ...springBikes, headerSample: null }] } },
      'POST /api/contacts/contact-1/template-messages': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 202, body: { message: pending } };
      },
    });
    const uploads = fakeXhr(() => ({
      status: 201,
      body: { media: { ...SAMPLE, id: 'd1b2c3d4-0000-4000-8000-000000000003', filename: 'blue.png' } },
    }));
    const user = userEvent.setup();
    renderScreen(<TemplatePicker contactId="contact-1" contactName="Sam" />);
    await user.click(
      within(await screen.findByTestId('template-grid')).getByRole('button', { name: 'Send' }),
    );
    const fill = screen.getByTestId('template-fill');
    const send = within(fill).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(within(fill).getByText('Choose the image to send in the header')).toBeTruthy();

    await userEvent
      .setup({ applyAccept: false })
      .upload(
        within(fill).getByLabelText('Header image'),
        new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }),
      );
    expect(within(fill).getByTestId('template-media-error').textContent).toBe(
      'Only JPEG and PNG images are supported',
    );

    await user.upload(
      within(fill).getByLabelText('Header image'),
      new File([new Uint8Array([0x89, 0x50])], 'blue.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(send.disabled).toBe(false));
    expect(uploads.map((u) => u.url)).toEqual([`/api/templates/${springBikes.id}/header-media`]);
    await user.click(send);
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ headerMediaId: 'd1b2c3d4-0000-4000-8000-000000000003' });
  });
});
