import { icon, strokeIcon } from './icon';

/** Small stroke icons for row menus, pickers and inline editing (same drawing style as Icons.tsx). */

export const MoreIcon = icon(
  <>
    <circle cx="5.5" cy="12" r="1.6" />
    <circle cx="12" cy="12" r="1.6" />
    <circle cx="18.5" cy="12" r="1.6" />
  </>,
  { fill: 'currentColor' },
);

export const PencilIcon = strokeIcon(
  <path d="M14.5 5.5l4 4M4.5 19.5l1-4.2L16 4.8a1.6 1.6 0 0 1 2.3 0l.9.9a1.6 1.6 0 0 1 0 2.3L8.7 18.5z" />,
);

export const TrashIcon = strokeIcon(
  <path d="M4.5 7h15M9.5 7V5.2c0-.7.5-1.2 1.2-1.2h2.6c.7 0 1.2.5 1.2 1.2V7M6.5 7l.8 11.3c.1 1 .9 1.7 1.9 1.7h5.6c1 0 1.8-.7 1.9-1.7L17.5 7M10.3 11v5M13.7 11v5" />,
);

export const PlusIcon = strokeIcon(<path d="M12 5v14M5 12h14" />);

export const UserPlusIcon = strokeIcon(
  <>
    <circle cx="10" cy="8.5" r="3.5" />
    <path d="M3.5 19.5c.9-3.2 3.6-5 6.5-5s5.6 1.8 6.5 5M18.5 8v6M15.5 11h6" />
  </>,
);

export const UserMinusIcon = strokeIcon(
  <>
    <circle cx="10" cy="8.5" r="3.5" />
    <path d="M3.5 19.5c.9-3.2 3.6-5 6.5-5s5.6 1.8 6.5 5M15.5 11h6" />
  </>,
);

export const CheckboxStackIcon = strokeIcon(
  <>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1.8" />
    <path d="m5.3 7 1.3 1.3L9 5.9M14 7h6.5M14 17h6.5" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1.8" />
  </>,
);
