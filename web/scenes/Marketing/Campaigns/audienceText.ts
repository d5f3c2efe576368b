import type { CampaignAudience } from '@common/api/campaigns';

type Named = { id: string; name: string };

/** An audience in words: 'Segment “VIP”', 'Tagged Wedding or Lisbon', 'Everyone opted in'. */
export function audienceText(
  audience: CampaignAudience | null,
  segments: readonly Named[] | undefined,
  tags: readonly Named[] | undefined,
): string {
  if (!audience) return 'No audience yet';
  if (audience.kind === 'opted_in') return 'Everyone opted in';
  if (audience.kind === 'segment') {
    const segment = segments?.find((s) => s.id === audience.segmentId);
    return segment ? `Segment “${segment.name}”` : 'A saved segment';
  }
  const names = audience.tagIds.map((id) => tags?.find((t) => t.id === id)?.name).filter(Boolean);
  if (names.length === 0) return `Contacts with ${audience.match === 'all' ? 'all of' : 'any of'} the tags`;
  if (names.length === 1) return `Tagged ${names[0]}`;
  const joiner = audience.match === 'all' ? ' and ' : ' or ';
  return `Tagged ${names.slice(0, -1).join(', ')}${joiner}${names.at(-1)}`;
}
