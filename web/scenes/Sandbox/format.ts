/** Formatting for the phone page (times are the sandbox clock's). */

export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function dayLabel(iso: string, nowIso: string): string {
  const day = new Date(iso);
  const now = new Date(nowIso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return day.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** '09:41' today, 'Yesterday', or a short date, like WhatsApp's chat list. */
export function listTime(iso: string, nowIso: string): string {
  const label = dayLabel(iso, nowIso);
  if (label === 'Today') return timeOfDay(iso);
  if (label === 'Yesterday') return label;
  return new Date(iso).toLocaleDateString(undefined, { day: '2-digit', month: '2-digit', year: '2-digit' });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** A stable avatar colour per name. */
export function avatarColor(seed: string): string {
  // Deep enough for white initials at 4.5:1 (WCAG AA).
  const palette = ['#15803d', '#0369a1', '#b45309', '#b91c1c', '#6d28d9', '#be185d', '#0f766e', '#4338ca'];
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

export function formatOffset(seconds: number): string {
  if (seconds === 0) return 'real time';
  const sign = seconds > 0 ? '+' : '−';
  const abs = Math.abs(seconds);
  const days = Math.floor(abs / 86_400);
  const hours = Math.floor((abs % 86_400) / 3600);
  const minutes = Math.floor((abs % 3600) / 60);
  return `${sign}${days ? `${days}d ` : ''}${hours}h${minutes ? ` ${minutes}m` : ''}`;
}

export function fileExtension(name: string | null, mimeType: string): string {
  const fromName = name?.includes('.') ? name.split('.').pop() : null;
  return (fromName ?? mimeType.split('/').pop() ?? 'file').slice(0, 4).toUpperCase();
}
