import type { ContactField } from '@common/api/contact-fields';
import { type ContactImport, IMPORT_MSG, type ImportPreview } from '@common/api/contact-imports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { MappingStep } from './MappingStep';
import { mappingProblem } from './mapping';

const FIELD_ID = '0b9a3c52-8f0e-4b8a-9a53-1f8f3c1f2a10';
const TAG_ID = '4d7e2b1c-3a5f-4e6d-8c9b-0a1b2c3d4e5f';
const IMPORT_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const row: ContactImport = {
  id: IMPORT_ID,
  status: 'mapping',
  fileName: 'customers.csv',
  fileSize: 2048,
  totalRows: 1234,
  rowsDone: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  error: null,
  createdBy: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const preview: ImportPreview = {
  delimiter: ';',
  columns: ['Full name', 'Mobile', 'Tier', 'City'],
  rows: [
    ['Ada Lovelace', '+1 650 253 0000', 'gold', 'London'],
    ['Grace Hopper', '+1 650 253 0001', 'silver', 'Arlington'],
  ],
  suggested: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'field', fieldId: FIELD_ID }, { kind: 'ignore' }],
  defaultCountry: 'US',
};
const fields: ContactField[] = [
  {
    id: FIELD_ID,
    key: 'tier',
    label: 'Tier',
    type: 'select',
    options: ['gold', 'silver'],
    position: 0,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
];

function renderMapping(onStarted = vi.fn()) {
  renderScreen(
    <MappingStep
      importRow={row}
      preview={preview}
      fields={fields}
      tags={[{ id: TAG_ID, name: 'Spring fair', contactCount: 3 }]}
      onStarted={onStarted}
      onCancel={vi.fn()}
    />,
  );
  return onStarted;
}

describe('the mapping step', () => {
  it('shows each column with its first rows and the suggested target', () => {
    renderMapping();
    expect(screen.getByRole('heading', { name: 'Map the columns of customers.csv' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Arlington')).toBeTruthy();
    expect((screen.getByLabelText('Import column Full name as') as HTMLSelectElement).value).toBe('name');
    expect((screen.getByLabelText('Import column Mobile as') as HTMLSelectElement).value).toBe('phone');
    expect((screen.getByLabelText('Import column Tier as') as HTMLSelectElement).value).toBe(
      `field:${FIELD_ID}`,
    );
    expect((screen.getByLabelText('Import column City as') as HTMLSelectElement).value).toBe('ignore');
    expect((screen.getByLabelText('Default country') as HTMLSelectElement).value).toBe('US');
    expect(screen.getByRole('button', { name: 'Import 1,234 rows' })).toBeTruthy();
  });

  it('will not start without exactly one phone column, and says why', async () => {
    const api = mockApi({});
    renderMapping();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Import column Mobile as'), 'ignore');
    await user.click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    expect(screen.getByTestId('import-mapping-error').textContent).toBe(IMPORT_MSG.noPhoneColumn);
    await user.selectOptions(screen.getByLabelText('Import column Mobile as'), 'phone');
    await user.selectOptions(screen.getByLabelText('Import column City as'), 'phone');
    await user.click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    expect(screen.getByTestId('import-mapping-error').textContent).toBe(IMPORT_MSG.onePhoneColumn);
    expect(api).not.toHaveBeenCalled();
  });

  it('starts with the chosen targets, country, existing-contacts mode and tag', async () => {
    let sent: unknown = null;
    mockApi({
      [`POST /api/contact-imports/${IMPORT_ID}/start`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { import: { ...row, status: 'queued' } } };
      },
    });
    const onStarted = renderMapping();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Import column City as'), 'tags');
    await user.selectOptions(screen.getByLabelText('Default country'), 'GB');
    await user.selectOptions(screen.getByLabelText('Tag every imported contact'), TAG_ID);
    await user.click(screen.getByRole('radio', { name: /Skip/ }));
    await user.click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    await waitFor(() =>
      expect(onStarted).toHaveBeenCalledWith(expect.objectContaining({ status: 'queued' })),
    );
    expect(sent).toEqual({
      columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'field', fieldId: FIELD_ID }, { kind: 'tags' }],
      defaultCountry: 'GB',
      existing: 'skip',
      tagId: TAG_ID,
    });
  });

  it("shows the server's refusal", async () => {
    mockApi({
      [`POST /api/contact-imports/${IMPORT_ID}/start`]: {
        status: 400,
        body: {
          error: 'unknown_field',
          message: 'A mapped field no longer exists. Choose the columns again.',
        },
      },
    });
    renderMapping();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import 1,234 rows' }));
    await waitFor(() =>
      expect(screen.getByTestId('import-mapping-error').textContent).toBe(
        'A mapped field no longer exists. Choose the columns again.',
      ),
    );
  });

  it('names the mapping problems', () => {
    expect(mappingProblem([{ kind: 'name' }, { kind: 'name' }, { kind: 'phone' }])).toBe(
      IMPORT_MSG.oneNameColumn,
    );
    expect(mappingProblem([{ kind: 'phone' }, { kind: 'tags' }, { kind: 'tags' }])).toBeNull();
  });
});
