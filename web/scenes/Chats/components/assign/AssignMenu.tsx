import type { UserSummary } from '@common/api/inbox';
import { useQuery } from '@tanstack/react-query';
import { UserMinusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { countsQuery, type InboxFilter } from '../../../../api/inbox';
import { teamQuery } from '../../../../api/team';
import { Spinner } from '../../../../components/Spinner';
import { useSession } from '../../../../hooks/useSession';
import { Menu, MenuItem, MenuSeparator } from '../../../../ui/Menu';
import { type AssigneeOption, assignOptions } from './assignOptions';

const NO_FILTER: InboxFilter = { q: '', tagIds: [] };

/** The inbox abilities (sent with the tab counts): who may assign to others. */
export function useInboxAbilities() {
  return useQuery({ ...countsQuery(NO_FILTER), select: (data) => data.abilities });
}

/** The first letter of a teammate's label, drawn by CSS so it is not part of the item's text. */
function Initial({ label }: { label: string }) {
  return (
    <span
      aria-hidden="true"
      data-initial={Array.from(label)[0] ?? '?'}
      className="flex size-5 items-center justify-center rounded-full bg-slate-100 text-[10px] font-semibold text-slate-600 uppercase ring-1 ring-slate-200 before:content-[attr(data-initial)]"
    />
  );
}

export function OwnerBadge() {
  return (
    <span className="shrink-0 rounded-full bg-amber-50 px-1.5 py-px text-[10px] font-semibold text-amber-700 ring-1 ring-amber-200/80">
      Owner
    </span>
  );
}

type AssignMenuProps = {
  /** The current assignee of each contact the menu is for (one entry for one contact). */
  current: readonly (UserSummary | null)[];
  onSelect: (assignee: UserSummary | null) => void;
  title?: string;
};

/**
 * The assign dropdown (spec §6): 'Unassign' when allowed, 'Me' (You), then the active teammates by
 * their label with an 'Owner' badge on owners, without the current assignee. Members see only what
 * they may do, with the grey note 'Only team owners can assign to others'. It goes in a Popover: on its
 * own the first choice takes focus; in a MenuTrigger picking a choice also closes it.
 */
export function AssignMenu({ current, onSelect, title = 'Assign to' }: AssignMenuProps) {
  const session = useSession();
  const abilities = useInboxAbilities();
  const team = useQuery(teamQuery);
  const meId = session.data?.user?.id ?? null;
  const loading = abilities.isPending || (team.isPending && !team.isError);

  const options = useMemo(
    () =>
      assignOptions({
        meId,
        abilities: abilities.data ?? { assignToOthers: false },
        members: team.data?.members ?? [],
        current,
      }),
    [meId, abilities.data, team.data, current],
  );
  const single = current.length === 1 ? current[0] : undefined;

  const pick = (option: AssigneeOption) => onSelect({ id: option.id, label: option.label });

  return (
    <div className="flex w-64 min-h-0 flex-col" data-testid="assign-menu">
      <div className="flex items-baseline justify-between gap-2 px-3.5 pt-3 pb-1">
        <p className="shrink-0 text-[11px] font-semibold tracking-wide whitespace-nowrap text-slate-400 uppercase">
          {title}
        </p>
        {single && (
          <p className="min-w-0 truncate text-[11px] text-slate-400">
            now <span className="font-medium text-slate-600">{single.label}</span>
          </p>
        )}
      </div>
      {loading ? (
        <p className="flex items-center gap-2 px-3.5 py-3 text-[13px] text-slate-500">
          <Spinner className="size-3.5" /> Loading team…
        </p>
      ) : !options.unassign && !options.me && options.teammates.length === 0 ? null : (
        <Menu aria-label={title} autoFocus="first">
          {options.unassign && (
            <MenuItem
              id="unassign"
              icon={<UserMinusIcon className="size-4" />}
              onAction={() => onSelect(null)}
            >
              Unassign
            </MenuItem>
          )}
          {options.unassign && (options.me || options.teammates.length > 0) && <MenuSeparator />}
          {options.me && (
            <MenuItem
              id={options.me.id}
              textValue="Me (You)"
              icon={<Initial label={options.me.label} />}
              onAction={() => pick(options.me!)}
              trailing={options.me.isOwner ? <OwnerBadge /> : undefined}
              testId="assign-option"
            >
              Me <span className="text-slate-400">(You)</span>
            </MenuItem>
          )}
          {options.teammates.map((option) => (
            <MenuItem
              key={option.id}
              id={option.id}
              textValue={option.label}
              icon={<Initial label={option.label} />}
              onAction={() => pick(option)}
              trailing={option.isOwner ? <OwnerBadge /> : undefined}
              testId="assign-option"
            >
              {option.label}
            </MenuItem>
          ))}
        </Menu>
      )}
      {!loading && options.note && (
        <p
          className="border-t border-slate-100 px-3.5 py-2.5 text-xs leading-snug text-slate-400"
          data-testid="assign-note"
        >
          {options.note}
        </p>
      )}
      {!loading && !options.note && !options.unassign && !options.me && options.teammates.length === 0 && (
        <p className="px-3.5 pt-1 pb-3 text-xs text-slate-400">No other active teammates yet.</p>
      )}
    </div>
  );
}
