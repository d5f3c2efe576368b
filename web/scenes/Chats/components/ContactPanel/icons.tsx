import { strokeIcon } from '../../../../components/icon';

/** Icons only the contact panel uses, drawn like the app's others (24 px grid, 1.8 stroke). */

export const ArchiveIcon = strokeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="4.5" rx="1.2" />
    <path d="M5 9v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V9M10 13h4" />
  </>,
);

export const UnarchiveIcon = strokeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="4.5" rx="1.2" />
    <path d="M5 9v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V9M12 17.5v-5M9.75 14.5 12 12.25l2.25 2.25" />
  </>,
);

export const BlockIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m6 6 12 12" />
  </>,
);

export const TrashIcon = strokeIcon(
  <>
    <path d="M4.5 6.5h15M9.5 6.5V5a1.5 1.5 0 0 1 1.5-1.5h2A1.5 1.5 0 0 1 14.5 5v1.5" />
    <path d="M6.5 6.5 7.3 19a1.5 1.5 0 0 0 1.5 1.5h6.4a1.5 1.5 0 0 0 1.5-1.5l.8-12.5M10 10.5v6M14 10.5v6" />
  </>,
);

export const CalendarIcon = strokeIcon(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const MessagesIcon = strokeIcon(
  <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.3A.5.5 0 0 1 5 19.9V17a1 1 0 0 1-1-1z" />,
);
