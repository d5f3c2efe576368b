import { icon, strokeIcon } from './icon';

/** Icons of the chats screen: message ticks, composer buttons and media cards. */

export const ClockIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 7.5V12l3 2" />
  </>,
);

/** One tick (sent). */
export const TickIcon = icon(
  <path d="m1.5 5.8 3.3 3.2 7.4-7.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />,
  { viewBox: '0 0 16 11', fill: 'none' },
);

/** Two ticks (delivered; blue when read). */
export const DoubleTickIcon = icon(
  <>
    <path d="m1 5.8 3.3 3.2 7.4-7.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    <path d="m8.2 9 7.4-7.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </>,
  { viewBox: '0 0 18 11', fill: 'none' },
);

export const AlertCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" fill="currentColor" />
    <path d="M12 7v6.2" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    <circle cx="12" cy="16.8" r="1.3" fill="#fff" />
  </>,
);

export const PaperclipIcon = strokeIcon(
  <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.2-8.2a3.4 3.4 0 0 1 4.8 4.8l-8.2 8.2a1.7 1.7 0 0 1-2.4-2.4l7.5-7.5" />,
);

export const SmileIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.2a4.4 4.4 0 0 0 7 0" />
    <path d="M9 9.6v.3M15 9.6v.3" strokeWidth={2.4} />
  </>,
);

export const SendIcon = icon(
  <>
    <path
      d="M4.2 4.4a.9.9 0 0 1 1.2-1.1l15 7.9a.9.9 0 0 1 0 1.6l-15 7.9a.9.9 0 0 1-1.2-1.1L6.3 12z"
      fill="currentColor"
    />
    <path d="M6.3 12h6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" opacity="0.6" />
  </>,
);

export const ReplyIcon = strokeIcon(
  <>
    <path d="M9.5 7 4.5 12l5 5" />
    <path d="M5 12h8.5a6 6 0 0 1 6 6v1" />
  </>,
);

export const DocumentIcon = strokeIcon(
  <>
    <path d="M14 3.5H7.5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2V8z" />
    <path d="M14 3.5V8h4.5M9 13h6M9 16.5h4" />
  </>,
);

export const DownloadIcon = strokeIcon(<path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />);

export const PlayIcon = icon(
  <path
    d="M8 5.6v12.8a.8.8 0 0 0 1.2.7l10-6.4a.8.8 0 0 0 0-1.4l-10-6.4A.8.8 0 0 0 8 5.6z"
    fill="currentColor"
  />,
);

export const PauseIcon = icon(
  <>
    <rect x="6.5" y="5" width="4" height="14" rx="1" fill="currentColor" />
    <rect x="13.5" y="5" width="4" height="14" rx="1" fill="currentColor" />
  </>,
);

export const MapPinIcon = strokeIcon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.4" />
  </>,
);

export const ImageIcon = strokeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.7" />
    <path d="m20.5 16-4.8-4.8L6 19.5" />
  </>,
);

export const VideoIcon = strokeIcon(
  <>
    <rect x="3" y="6" width="13" height="12" rx="2.5" />
    <path d="m16 10.5 5-3v9l-5-3" />
  </>,
);

export const MicIcon = strokeIcon(
  <>
    <rect x="9" y="3.5" width="6" height="11" rx="3" />
    <path d="M5.5 11.5a6.5 6.5 0 0 0 13 0M12 18v2.5" />
  </>,
);

export const FilterIcon = strokeIcon(<path d="M4 6h16M7 12h10M10 18h4" />);

export const LockIcon = strokeIcon(
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2.2" />
    <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
  </>,
);

export const TemplateIcon = strokeIcon(
  <>
    <rect x="4" y="4" width="16" height="16" rx="2.5" />
    <path d="M8 9h8M8 12.5h8M8 16h5" />
  </>,
);

export const ContactCardIcon = strokeIcon(
  <>
    <circle cx="12" cy="9" r="3.5" />
    <path d="M5 20c1-3.4 3.8-5.3 7-5.3s6 1.9 7 5.3" />
  </>,
);

export const CartIcon = strokeIcon(
  <>
    <path d="M3.5 4.5h2.2l2 10.5h10.5l2-7.5H7" />
    <circle cx="9.5" cy="19" r="1.3" />
    <circle cx="17" cy="19" r="1.3" />
  </>,
);

export const ChevronUpDownIcon = strokeIcon(<path d="m8 9 4-4 4 4M8 15l4 4 4-4" />);

export const BellIcon = strokeIcon(
  <>
    <path d="M6.5 16.5V11a5.5 5.5 0 0 1 11 0v5.5l1.5 1.5H5z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </>,
);

export const ExternalLinkIcon = strokeIcon(
  <path d="M14 4.5h5.5V10M19.5 4.5 11 13M17.5 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8.5a2 2 0 0 1 2-2h4" />,
);
