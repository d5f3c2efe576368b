import { CONSENT_LABELS, CONSENT_STATES, type ConsentState, type ContactConsent } from '@common/api/consent';
import type { ContactDetail } from '@common/api/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOffIcon, BellRingIcon, ChevronDownIcon, CircleHelpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { errorMessage } from '../../../../api/client';
import { setContactConsent } from '../../../../api/consent';
import { Menu, MenuItem, MenuTrigger } from '../../../../ui/Menu';
import { Popover } from '../../../../ui/Popover';
import { showToast } from '../../../../ui/Toast';
import { describeConsent } from './consentText';
import { Section } from './Section';

const BADGE: Record<ConsentState, string> = {
  opted_in: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  opted_out: 'bg-red-50 text-red-700 ring-red-200',
  unknown: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const ICON: Record<ConsentState, ReactNode> = {
  opted_in: <BellRingIcon className="size-4" />,
  opted_out: <BellOffIcon className="size-4" />,
  unknown: <CircleHelpIcon className="size-4" />,
};

const NEVER_RECORDED: ContactConsent = { state: 'unknown', changedAt: null, source: null, changedBy: null };

/** A consent state as a small coloured badge (the panel; the Contacts table can reuse it). */
export function ConsentBadge({ state }: { state: ConsentState }) {
  return (
    <span
      data-testid="consent-badge"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE[state]}`}
    >
      {CONSENT_LABELS[state]}
    </span>
  );
}

/**
 * Marketing consent in the contact panel (issue 14): the state as a badge, when and how it last
 * changed ('Opted out · 3 Nov, keyword from the customer'), and a menu any teammate uses to change
 * it. Campaigns skip opted-out contacts.
 */
export function ConsentSection({ contact }: { contact: ContactDetail }) {
  const client = useQueryClient();
  // A row from before the server knew consent (an old cache) shows as never recorded.
  const consent = contact.consent ?? NEVER_RECORDED;
  const change = useMutation({
    mutationFn: (state: ConsentState) => setContactConsent(client, contact.id, state),
    onSuccess: (_answer, state) => showToast(`Marketing consent: ${CONSENT_LABELS[state]}`, 'success'),
    onError: (error) => showToast(errorMessage(error, 'Failed to change marketing consent'), 'error'),
  });
  const history = describeConsent(consent);

  return (
    <Section
      title="Marketing consent"
      testId="consent-section"
      action={
        <MenuTrigger>
          <Button
            aria-label="Change marketing consent"
            isDisabled={change.isPending}
            className="-my-1 flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-slate-600 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500/50 disabled:opacity-50"
          >
            Change
            <ChevronDownIcon className="size-3.5" />
          </Button>
          <Popover placement="bottom-end">
            <Menu
              aria-label="Marketing consent"
              className="w-48"
              disabledKeys={[consent.state]}
              onAction={(key) => change.mutate(key as ConsentState)}
            >
              {CONSENT_STATES.map((state) => (
                <MenuItem key={state} id={state} icon={ICON[state]}>
                  {CONSENT_LABELS[state]}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      }
    >
      <div className="flex flex-col items-start gap-1.5">
        <ConsentBadge state={consent.state} />
        <p className="text-[13px] text-slate-500" data-testid="consent-history">
          {history ?? 'Not recorded yet. Campaigns skip contacts who opted out.'}
        </p>
      </div>
    </Section>
  );
}
