import { UserIcon } from 'lucide-react';

/** Soft backgrounds with readable text, picked by a stable hash of the id. */
const PALETTE = [
  'bg-emerald-100 text-emerald-800',
  'bg-sky-100 text-sky-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
  'bg-teal-100 text-teal-800',
  'bg-orange-100 text-orange-800',
  'bg-indigo-100 text-indigo-800',
];

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** Up to two initials from a name ('Maya Patel' → 'MP', 'maya' → 'M'); '' when there are none. */
export function initialsOf(name: string): string {
  const all = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  // Words starting with a letter make better initials than numbers ('Omar Khan 1492' → 'OK').
  const lettered = all.filter((w) => /^[^\p{L}\p{N}]*\p{L}/u.test(w));
  const words = lettered.length > 0 ? lettered : all;
  const letters = words.map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '');
  const picked = letters.length > 1 ? [letters[0], letters[letters.length - 1]] : letters;
  return picked.join('').toUpperCase();
}

type AvatarProps = { id: string; name: string; size?: 'sm' | 'md' | 'lg'; className?: string };

const SIZES = { sm: 'size-8 text-xs', md: 'size-11 text-sm', lg: 'size-10 text-sm' } as const;

/** A round avatar with the contact's initials (a person icon for contacts without a name). */
export function Avatar({ id, name, size = 'md', className = '' }: AvatarProps) {
  const initials = initialsOf(name);
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold select-none ${SIZES[size]} ${initials ? PALETTE[hash(id) % PALETTE.length] : 'bg-slate-200 text-slate-500'} ${className}`}
    >
      {initials || <UserIcon className="size-1/2" />}
    </span>
  );
}
