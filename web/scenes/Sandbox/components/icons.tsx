import type { ReactNode } from 'react';
import { PlusIcon as AppPlusIcon } from '../../../components/ActionIcons';
import {
  DocumentIcon as AppDocumentIcon,
  DownloadIcon as AppDownloadIcon,
} from '../../../components/ChatIcons';
import { type IconProps, icon, strokeIcon } from '../../../components/icon';

/** Small icons the phone screen needs: line icons like the app's, drawn a touch heavier (1.9 stroke). */

const PHONE_STROKE = { strokeWidth: 1.9 };
const phoneIcon = (drawing: ReactNode) => strokeIcon(drawing, PHONE_STROKE);

/** One grey tick (sent), two (delivered), two blue (read); a clock while sending. */
export function StatusTicks({ status, className = '' }: { status: string; className?: string }) {
  if (status === 'failed') {
    return (
      <svg viewBox="0 0 16 16" className={`size-3.5 text-red-500 ${className}`} aria-label="Failed">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 10.8v.4" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  }
  const double = status === 'delivered' || status === 'read';
  const color = status === 'read' ? 'text-[#53bdeb]' : 'text-slate-400';
  return (
    <svg viewBox="0 0 18 12" className={`h-3 w-[18px] ${color} ${className}`} aria-label={status} role="img">
      <path
        d="M1 6.6 4.2 9.8 11.2 2.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      {double && (
        <path
          d="M7.4 9.2 8 9.8 15 2.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

export function VerifiedBadge({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-label="Verified business" role="img">
      <path
        fill="#25d366"
        d="M12 1.8l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3-2.6 1.9-1 3-3.2-.1L12 22.2l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3-1-3.1 2.6-1.9 1-3 3.2.1z"
      />
      <path d="M8 12.2l2.7 2.7L16.2 9.4" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export const PaperclipIcon = phoneIcon(
  <path d="M20.5 11.5 12 20a5 5 0 0 1-7.1-7.1l8.9-8.9a3.4 3.4 0 0 1 4.8 4.8l-8.9 8.9a1.7 1.7 0 0 1-2.4-2.4l8.2-8.2" />,
);

export const SendIcon = icon(
  <path fill="currentColor" d="M3.4 20.6 21 12 3.4 3.4l-.01 6.7L15 12 3.39 13.9z" />,
);

export const SmileIcon = phoneIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </>,
);

export const ReplyIcon = phoneIcon(
  <>
    <path d="M9.5 7 4.5 12l5 5" />
    <path d="M4.5 12H14a5.5 5.5 0 0 1 5.5 5.5V19" />
  </>,
);

export const PhotoIcon = phoneIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m20.5 16-4.8-4.8-8.7 8.3" />
  </>,
);

// Drawings the app already has, at the phone's stroke.
export const DocumentIcon = (p: IconProps) => <AppDocumentIcon {...PHONE_STROKE} {...p} />;
export const DownloadIcon = (p: IconProps) => <AppDownloadIcon {...PHONE_STROKE} {...p} />;
export const PlusIcon = (p: IconProps) => <AppPlusIcon {...PHONE_STROKE} {...p} />;

export const ClockIcon = phoneIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
);

export const EyeIcon = phoneIcon(
  <>
    <path d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </>,
);

export const KeyIcon = phoneIcon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8.5-8.5M16.5 6.5 19 9M14.5 8.5 16.5 10.5" />
  </>,
);

export const CopyIcon = phoneIcon(
  <>
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
  </>,
);

export const LocationIcon = phoneIcon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
);

/** Signal, Wi-Fi and battery glyphs of the phone's status bar. */
export function StatusBarGlyphs() {
  return (
    <span className="flex items-center gap-1.5" aria-hidden="true">
      <svg viewBox="0 0 18 12" className="h-2.5 w-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <rect key={i} x={i * 4.5} y={9 - i * 3} width="3" height={3 + i * 3} rx="0.8" fill="currentColor" />
        ))}
      </svg>
      <svg viewBox="0 0 16 12" className="h-2.5 w-3.5" aria-hidden="true">
        <path d="M8 11.2 5.6 8.8a3.4 3.4 0 0 1 4.8 0z" fill="currentColor" />
        <path
          d="M3.6 6.8a6.2 6.2 0 0 1 8.8 0M1.4 4.6a9.3 9.3 0 0 1 13.2 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      <svg viewBox="0 0 26 12" className="h-3 w-6" aria-hidden="true">
        <rect
          x="0.75"
          y="0.75"
          width="21.5"
          height="10.5"
          rx="3"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.45"
        />
        <rect x="2.5" y="2.5" width="15" height="7" rx="1.6" fill="currentColor" />
        <path d="M24 4.2v3.6a1.9 1.9 0 0 0 0-3.6z" fill="currentColor" fillOpacity="0.45" />
      </svg>
    </span>
  );
}
