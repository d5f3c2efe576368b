import { icon, strokeIcon } from './icon';

export const ChatIcon = strokeIcon(
  <>
    <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.3A.5.5 0 0 1 5 19.9V17a1 1 0 0 1-1-1z" />
    <path d="M8.5 9h7M8.5 12.5h4.5" />
  </>,
);

export const MegaphoneIcon = strokeIcon(
  <>
    <path d="M4 10v4a1 1 0 0 0 1 1h2l6 4V5L7 9H5a1 1 0 0 0-1 1z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M7.5 15l1 4.5" />
  </>,
);

export const ChartIcon = strokeIcon(
  <>
    <path d="M4 20h16M7 16v-4M11.5 16V8M16 16v-6" />
    <path d="m6 9 4.5-4 3.5 3 4-4" />
  </>,
);

export const UsersIcon = strokeIcon(
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19.5c.8-3 3.4-5 6.5-5s5.7 2 6.5 5" />
    <path d="M15.5 5.2a3.5 3.5 0 0 1 0 6.6M17.5 14.8c1.9.6 3.3 2.3 3.9 4.7" />
  </>,
);

export const SettingsIcon = strokeIcon(
  <>
    <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
    <circle cx="16" cy="7" r="2.2" />
    <circle cx="8" cy="17" r="2.2" />
  </>,
);

export const CheckIcon = strokeIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

export const CheckCircleIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12.2 2.4 2.4 4.8-5" />
  </>,
);

export const ChevronDownIcon = strokeIcon(<path d="m6.5 9.5 5.5 5.5 5.5-5.5" />);

export const ArrowLeftIcon = strokeIcon(<path d="M19 12H5M11 6l-6 6 6 6" />);

export const ArrowRightIcon = strokeIcon(<path d="M5 12h14M13 6l6 6-6 6" />);

export const SearchIcon = strokeIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </>,
);

export const CloseIcon = strokeIcon(<path d="M6 6l12 12M18 6 6 18" />);

export const AlertIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.3v.2" />
  </>,
);

export const InfoIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.7v.2" />
  </>,
);

export const SparklesIcon = strokeIcon(
  <>
    <path d="M12 3.5 13.8 9l5.7 1.8-5.7 1.8L12 18.5l-1.8-5.9-5.7-1.8L10.2 9z" />
    <path d="M19 3v3M17.5 4.5h3" />
  </>,
);

export const InboxIcon = strokeIcon(
  <>
    <path d="M4 13.5 6.3 5.8A2.5 2.5 0 0 1 8.7 4h6.6a2.5 2.5 0 0 1 2.4 1.8l2.3 7.7V18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
    <path d="M4 13.5h4.5l1.2 2h4.6l1.2-2H20" />
  </>,
);

export const AddressBookIcon = strokeIcon(
  <>
    <rect x="5" y="3.5" width="14" height="17" rx="2.5" />
    <circle cx="12" cy="10" r="2.5" />
    <path d="M8.5 16.5c.6-1.6 2-2.5 3.5-2.5s2.9.9 3.5 2.5M3 8h2M3 12h2M3 16h2" />
  </>,
);

export const TagIcon = strokeIcon(
  <>
    <path d="M3.5 12.3V5a1.5 1.5 0 0 1 1.5-1.5h7.3l8.2 8.2a1.5 1.5 0 0 1 0 2.1l-6.8 6.8a1.5 1.5 0 0 1-2.1 0z" />
    <circle cx="8" cy="8" r="1.3" />
  </>,
);

export const ShieldIcon = strokeIcon(
  <>
    <path d="M12 3.5 5 6v5.5c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </>,
);

export const MailIcon = strokeIcon(
  <>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2.5" />
    <path d="m4.5 7 7.5 6 7.5-6" />
  </>,
);

export const LogOutIcon = strokeIcon(
  <>
    <path d="M14 4.5H7A2.5 2.5 0 0 0 4.5 7v10A2.5 2.5 0 0 0 7 19.5h7" />
    <path d="M10.5 12H20M16.5 8.5 20 12l-3.5 3.5" />
  </>,
);

export const RefreshIcon = strokeIcon(
  <>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
    <path d="M19.5 4.5v4h-4" />
  </>,
);

export const BotIcon = strokeIcon(
  <>
    <rect x="4.5" y="8" width="15" height="11" rx="3" />
    <path d="M12 8V4.5M9.5 13v.5M14.5 13v.5M2.5 12.5v2M21.5 12.5v2" />
    <circle cx="12" cy="4" r="1" />
  </>,
);

export const FlowIcon = strokeIcon(
  <>
    <rect x="3.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="15.5" width="7" height="5" rx="1.5" />
    <path d="M7 8.5V12a2 2 0 0 0 2 2h6a2 2 0 0 1 2 2v-.5" />
  </>,
);

export const BookmarkIcon = strokeIcon(<path d="M6.5 4.5h11v15.5L12 16.3 6.5 20z" />);

export const UserIcon = strokeIcon(
  <>
    <circle cx="12" cy="8.5" r="3.7" />
    <path d="M4.5 20c1-3.5 4-5.5 7.5-5.5s6.5 2 7.5 5.5" />
  </>,
);

export const FacebookIcon = icon(
  <>
    <circle cx="12" cy="12" r="11" fill="currentColor" />
    <path
      d="M13.4 20.9v-6.6h2.2l.4-2.7h-2.6V9.9c0-.8.3-1.4 1.4-1.4H16V6.2a15 15 0 0 0-2.1-.2c-2.2 0-3.6 1.3-3.6 3.7v1.9H8v2.7h2.3v6.6"
      fill="#1877F2"
    />
  </>,
);
