import { CAMPAIGN_MSG, type CampaignVariables } from '@common/api/campaigns';
import { describe, expect, it } from 'vitest';
import { checkVariablesFit, valuesFor } from './variables';

const FIELD = '6f1f3c1e-6f0a-4b5e-9d3c-2a7b8c9d0e1f';
const facts = (name: string, fields: Record<string, string> = {}) => ({
  name,
  phone: '351912345678',
  fields: new Map(Object.entries(fields)),
});
const variables = (v: Partial<CampaignVariables>): CampaignVariables => ({
  body: [],
  header: [],
  buttons: [],
  ...v,
});

describe('a recipient’s values', () => {
  const v = variables({
    body: [
      { kind: 'name', fallback: 'there' },
      { kind: 'field', fieldId: FIELD, fallback: 'Silver' },
      { kind: 'phone', fallback: '' },
      { kind: 'text', text: 'SPRING10' },
    ],
    header: [{ kind: 'name', fallback: 'Hello' }],
    buttons: [{ index: 1, value: { kind: 'field', fieldId: FIELD, fallback: 'standard' } }],
  });

  it('reads the name, a field, the number with its + and a fixed text', () => {
    expect(valuesFor(v, facts('Ana', { [FIELD]: 'Gold' }))).toEqual({
      body: ['Ana', 'Gold', '+351912345678', 'SPRING10'],
      header: ['Ana'],
      buttons: [{ index: 1, value: 'Gold' }],
    });
  });

  it('takes the fallback for an empty or blank value and a field the contact has no value for', () => {
    expect(valuesFor(v, facts('  ', {}))).toEqual({
      body: ['there', 'Silver', '+351912345678', 'SPRING10'],
      header: ['Hello'],
      buttons: [{ index: 1, value: 'standard' }],
    });
  });
});

describe('the variables fit the template', () => {
  const template = {
    bodyVariables: 2,
    headerVariables: 1,
    buttons: [
      { type: 'QUICK_REPLY', text: 'Stop' },
      { type: 'URL', text: 'Track order', url: 'https://shop.example/orders/{{1}}' },
      { type: 'URL', text: 'Shop', url: 'https://shop.example' },
    ],
  };
  const name = { kind: 'name', fallback: 'there' } as const;
  const refusal = (v: CampaignVariables) => {
    try {
      checkVariablesFit(template, v);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('needs a source for every body variable, the header’s and each dynamic link', () => {
    const full = variables({ body: [name, name], header: [name], buttons: [{ index: 1, value: name }] });
    expect(refusal(full)).toBeNull();
    expect(refusal({ ...full, body: [name] })).toBe(CAMPAIGN_MSG.variableMissing('{{2}}'));
    expect(refusal({ ...full, header: [] })).toBe(CAMPAIGN_MSG.variableMissing('{{1}} of the header'));
    expect(refusal({ ...full, buttons: [{ index: 2, value: name }] })).toBe(
      CAMPAIGN_MSG.variableMissing('of the button "Track order"'),
    );
  });
});
