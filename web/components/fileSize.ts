/** File sizes as every screen shows them: '812 B', '218 kB', '4.2 MB' (the spec's '218 kB / 4 pages'). */

const KB = 1024;

export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < KB * KB) return `${Math.round(bytes / KB)} kB`;
  const mb = bytes / (KB * KB);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
