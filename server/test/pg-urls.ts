/** The same server, another database: `postgres://u@h:5432/test` → `postgres://u@h:5432/<name>`. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The database to run CREATE/DROP DATABASE from: the one in the URL itself. */
export function adminUrl(url: string): string {
  return url;
}
