/**
 * Query keys of the Contacts page and what hangs off it (segments, imports), shared by its API
 * modules and the live appliers so neither imports the other.
 */
export const crmKeys = {
  table: ['contact-table'] as const,
  segments: ['segments'] as const,
  imports: ['contact-imports'] as const,
  import: (id: string) => ['contact-imports', id] as const,
};
