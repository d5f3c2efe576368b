import type { ContactTableRow, ContactTableSort } from '@common/api/contact-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { defaultDir, type TableSort } from '../../../api/contactTable';
import { Spinner } from '../../../components/Spinner';
import type { ColumnDef } from './columns';

export const TABLE_ROW_HEIGHT = 56;
/** Fetch the next page when this few rows are left below the viewport. */
const PREFETCH_ROWS = 15;
const SELECT_TRACK = '48px';

type ContactTableProps = {
  rows: ContactTableRow[];
  /** How many contacts match (for aria-rowcount); null while unknown. */
  total: number | null;
  columns: ColumnDef[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: () => void;
  now: number;
  openId: string | null;
  onOpen: (id: string) => void;
  isRowSelected: (id: string) => boolean;
  onToggleRow: (id: string) => void;
  headerBox: 'all' | 'some' | 'none';
  onToggleHeader: () => void;
};

function SelectBox({
  checked,
  indeterminate = false,
  label,
  onChange,
  inRow = false,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
  /** A row's box is not a tab stop of its own: the row is, and Space on it ticks the box. */
  inRow?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      aria-label={label}
      tabIndex={inRow ? -1 : undefined}
      onChange={onChange}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      className="size-4 cursor-pointer rounded accent-brand-600"
    />
  );
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: ColumnDef;
  sort: TableSort;
  onSort: (s: TableSort) => void;
}) {
  const key = column.sort as ContactTableSort;
  const active = sort.sort === key;
  const Icon = !active ? ChevronsUpDownIcon : sort.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <button
      type="button"
      onClick={() =>
        onSort({ sort: key, dir: active ? (sort.dir === 'asc' ? 'desc' : 'asc') : defaultDir(key) })
      }
      className={`-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500/50 ${active ? 'text-slate-900' : ''}`}
    >
      {column.label}
      <Icon aria-hidden="true" className={`size-3.5 ${active ? 'text-slate-700' : 'text-slate-400'}`} />
    </button>
  );
}

/**
 * The contacts table: a grid (header, then only the rows in view in the DOM) over the keyset pages,
 * asking for the next page near the end. Rows are focusable: ↑/↓ move, Enter opens, Space ticks.
 * Wider than the screen it scrolls sideways, the header with it.
 */
export function ContactTable(props: ContactTableProps) {
  const { rows, columns, sort, hasMore, isFetchingMore, onLoadMore } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef(0);
  const template = `${SELECT_TRACK} ${columns.map((c) => c.width).join(' ')}`;
  const minWidth =
    48 + columns.reduce((sum, c) => sum + (Number.parseInt(/\d+/.exec(c.width)?.[0] ?? '120', 10) || 120), 0);

  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_HEIGHT,
    overscan: 10,
    // Before the box is measured (and where it never is, as in tests), assume a laptop's table.
    initialRect: { width: 1280, height: 640 },
    getItemKey: (index) => rows[index]?.id ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !isFetchingMore && lastIndex >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, isFetchingMore, lastIndex, rows.length, onLoadMore]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    focusIndex.current = target;
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() =>
      scrollRef.current
        ?.querySelector<HTMLElement>(`[data-row-index="${target}"]`)
        ?.focus({ preventScroll: true }),
    );
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: ContactTableRow) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rows.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const step = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 560) / TABLE_ROW_HEIGHT) - 1);
      focusRow(index + (event.key === 'PageDown' ? step : -step));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      props.onOpen(row.id);
    } else if (event.key === ' ') {
      event.preventDefault();
      props.onToggleRow(row.id);
    }
  };

  // The box and the name stay in view while the table scrolls sideways (phones).
  const cellClass = (column: ColumnDef) =>
    `flex h-full min-w-0 items-center px-3 ${column.align === 'right' ? 'justify-end text-right' : ''} ${
      column.id === 'name' ? 'sticky left-12 z-[1] bg-inherit' : ''
    }`;

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-auto overscroll-contain"
      data-testid="contact-table-scroller"
    >
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: rows are focusable and open on Enter: an interactive grid
        role="grid"
        aria-label="Contacts"
        aria-rowcount={(props.total ?? rows.length) + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable="true"
        className="grid text-[13px]"
        style={{ minWidth }}
      >
        <thead className="sticky top-0 z-10 grid">
          <tr
            aria-rowindex={1}
            className="grid h-10 items-center border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600"
            style={{ gridTemplateColumns: template }}
          >
            <th
              scope="col"
              className="sticky left-0 z-[1] flex h-full items-center justify-center bg-inherit"
            >
              <SelectBox
                checked={props.headerBox === 'all'}
                indeterminate={props.headerBox === 'some'}
                label="Select all contacts on screen"
                onChange={props.onToggleHeader}
              />
            </th>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={
                  column.sort
                    ? sort.sort === column.sort
                      ? sort.dir === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
                className={`${cellClass(column)} font-medium`}
              >
                {column.sort ? (
                  <SortHeader column={column} sort={sort} onSort={props.onSort} />
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) {
              return (
                <tr
                  key={item.key}
                  className="absolute top-0 left-0 flex w-full items-center justify-center"
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <td colSpan={columns.length + 1}>
                    <Spinner className="size-4 text-slate-400" label="Loading more contacts" />
                  </td>
                </tr>
              );
            }
            const selected = props.isRowSelected(row.id);
            return (
              <RowShell
                key={item.key}
                index={item.index}
                start={item.start}
                template={template}
                tabbable={item.index === Math.min(focusIndex.current, rows.length - 1)}
                selected={selected}
                open={props.openId === row.id}
                onFocus={() => {
                  focusIndex.current = item.index;
                }}
                onClick={() => props.onOpen(row.id)}
                onKeyDown={(e) => onRowKeyDown(e, item.index, row)}
                contactId={row.id}
              >
                <td className="sticky left-0 z-[1] flex h-full items-center justify-center bg-inherit">
                  <SelectBox
                    checked={selected}
                    label={`Select ${row.name ?? row.phone}`}
                    inRow
                    onChange={() => props.onToggleRow(row.id)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.id} className={cellClass(column)}>
                    {column.cell(row, props.now)}
                  </td>
                ))}
              </RowShell>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RowShell(props: {
  index: number;
  start: number;
  template: string;
  tabbable: boolean;
  selected: boolean;
  open: boolean;
  contactId: string;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => void;
  children: ReactNode;
}) {
  return (
    <tr
      aria-rowindex={props.index + 2}
      aria-selected={props.selected}
      tabIndex={props.tabbable ? 0 : -1}
      data-row-index={props.index}
      data-contact-id={props.contactId}
      data-testid="contact-table-row"
      onFocus={props.onFocus}
      onClick={props.onClick}
      onKeyDown={props.onKeyDown}
      className={`absolute top-0 left-0 grid w-full cursor-pointer items-center border-b border-slate-100 outline-none transition-colors focus-visible:ring-2 focus-visible:ring-brand-500/60 focus-visible:ring-inset ${
        props.open ? 'bg-brand-50' : props.selected ? 'bg-slate-50' : 'bg-white hover:bg-slate-50'
      }`}
      style={{
        height: TABLE_ROW_HEIGHT,
        transform: `translateY(${props.start}px)`,
        gridTemplateColumns: props.template,
      }}
    >
      {props.children}
    </tr>
  );
}
