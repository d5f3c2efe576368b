import { contactFilterJsonSchema } from '@common/api/contact-filter';
import { contactTableQuerySchema } from '@common/api/contact-table';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  filterFromJson,
  filterJson,
  filterParams,
  isFiltered,
  sameFilter,
  type TableFilter,
} from './contactTable';

const TAG_A = '0b8f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const TAG_B = '1c9f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const FIELD = '2d0f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const MATE = '3e1f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const CAMPAIGN = '4f2f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';

const full: TableFilter = {
  q: '  maya ',
  tagIds: [TAG_A, TAG_B],
  tagMode: 'none',
  assignee: MATE,
  archived: 'only',
  after: '2026-11-01',
  before: '2026-12-01',
  consent: 'opted_out',
  conditions: [
    { fieldId: FIELD, op: 'gt', value: '100' },
    { fieldId: FIELD, op: 'empty' },
  ],
  campaign: { campaignId: CAMPAIGN, statuses: ['read', 'replied'] },
};

describe('the toolbar filter → the table query', () => {
  it('sends nothing for the defaults, so the server applies its own', () => {
    expect(filterParams(EMPTY_FILTER).toString()).toBe('');
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
  });

  it('sends every set filter, trimmed, with the conditions as one JSON parameter', () => {
    const params = filterParams(full);
    expect(Object.fromEntries(params)).toEqual({
      q: 'maya',
      tagIds: `${TAG_A},${TAG_B}`,
      tagMode: 'none',
      assignee: MATE,
      archived: 'only',
      after: '2026-11-01',
      before: '2026-12-01',
      consent: 'opted_out',
      conditions: JSON.stringify(full.conditions),
      campaign: JSON.stringify(full.campaign),
    });
    expect(isFiltered(full)).toBe(true);
  });

  it('is what the server reads back as the same filter', () => {
    const parsed = contactTableQuerySchema.parse(Object.fromEntries(filterParams(full)));
    expect(parsed).toMatchObject({
      q: 'maya',
      tagIds: [TAG_A, TAG_B],
      tagMode: 'none',
      assignee: MATE,
      archived: 'only',
      consent: 'opted_out',
      conditions: full.conditions,
      campaign: full.campaign,
    });
    expect(parsed.after?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('leaves out a tag mode without tags (it would mean nothing)', () => {
    expect(filterParams({ ...EMPTY_FILTER, tagMode: 'all' }).toString()).toBe('');
    expect(filterParams({ ...EMPTY_FILTER, tagIds: [TAG_A] }).toString()).toBe(`tagIds=${TAG_A}`);
  });

  it('a search alone counts as filtered (the empty state says "nothing matches")', () => {
    expect(isFiltered({ ...EMPTY_FILTER, q: 'omar' })).toBe(true);
    expect(isFiltered({ ...EMPTY_FILTER, q: '   ' })).toBe(false);
  });
});

describe('the JSON form (segments, bulk over a filter, export)', () => {
  it('is valid for the server and comes back as the same toolbar filter', () => {
    const json = filterJson(full);
    expect(contactFilterJsonSchema.safeParse(json).success).toBe(true);
    const stored = contactFilterJsonSchema.parse(json);
    expect(sameFilter(filterFromJson(stored), full)).toBe(true);
    expect(filterFromJson(stored).q).toBe('maya');
  });

  it('reads a stored date-time back as its day', () => {
    const back = filterFromJson({ after: '2026-11-01T00:00:00.000Z' });
    expect(back.after).toBe('2026-11-01');
    expect(back.tagMode).toBe('any');
    expect(back.archived).toBe('exclude');
  });
});

describe("a campaign's recipients (a segment saved from a campaign report)", () => {
  const campaign = { campaignId: CAMPAIGN, statuses: ['failed' as const] };

  it('is read from a stored filter, sent as one JSON parameter and counts as filtered', () => {
    const filter = filterFromJson({ campaign });
    expect(filter.campaign).toEqual(campaign);
    expect(isFiltered(filter)).toBe(true);
    expect(Object.fromEntries(filterParams(filter))).toEqual({ campaign: JSON.stringify(campaign) });
    expect(contactTableQuerySchema.parse(Object.fromEntries(filterParams(filter))).campaign).toEqual(
      campaign,
    );
  });

  it('stays in the JSON form, and a filter without one has none', () => {
    expect(filterJson({ ...EMPTY_FILTER, campaign }).campaign).toEqual(campaign);
    expect('campaign' in filterJson(EMPTY_FILTER)).toBe(false);
    expect(filterFromJson({}).campaign).toBeNull();
  });

  it('makes a different filter: removing it no longer matches the segment', () => {
    const withIt = filterFromJson({ campaign });
    expect(sameFilter(withIt, filterFromJson({ campaign }))).toBe(true);
    expect(sameFilter(withIt, { ...withIt, campaign: null })).toBe(false);
  });
});
