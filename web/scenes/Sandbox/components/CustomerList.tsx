import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/Button';
import { type PhoneNumber, sandboxApi } from '../api';
import { avatarColor, initials, listTime } from '../format';
import { StatusTicks } from './PhoneMarks';

type Props = {
  phone: PhoneNumber;
  selected: string | null;
  onSelect: (waId: string) => void;
  now: string;
};

function NewCustomerForm({
  phone,
  onCreated,
  onCancel,
}: {
  phone: PhoneNumber;
  onCreated: (waId: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const create = useMutation({
    mutationFn: () => sandboxApi.createCustomer(phone.id, { name, waId: number }),
    onSuccess: ({ customer }) => {
      void queryClient.invalidateQueries({ queryKey: ['sandbox', 'customers', phone.id] });
      onCreated(customer.waId);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const field =
    'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-[#00a884]';
  return (
    <form
      onSubmit={submit}
      className="animate-fade-in space-y-3 rounded-xl bg-slate-50 p-3.5 ring-1 ring-slate-200"
    >
      <label className="block text-xs font-medium text-slate-600">
        Profile name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Maya Patel"
          className={field}
          required
        />
      </label>
      <label className="block text-xs font-medium text-slate-600">
        WhatsApp number (with country code)
        <input
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="+1 650 555 0142"
          inputMode="tel"
          className={field}
          required
        />
      </label>
      {create.error && <p className="text-xs text-red-600">{create.error.message}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="primary" isLoading={create.isPending}>
          Add customer
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Who is holding the phone: the customers of the chosen business number, newest chat first. */
export function CustomerList({ phone, selected, onSelect, now }: Props) {
  const [adding, setAdding] = useState(false);
  const customers = useQuery({
    queryKey: ['sandbox', 'customers', phone.id],
    queryFn: () => sandboxApi.customers(phone.id),
    refetchInterval: 1000,
  });
  const list = customers.data?.customers ?? [];

  return (
    <section className="rounded-2xl bg-white shadow-card ring-1 ring-slate-200" aria-label="Customers">
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Customers</h2>
          <p className="text-xs text-slate-500">Pick who is holding the phone</p>
        </div>
        <button
          type="button"
          onClick={() => setAdding((v) => !v)}
          className="flex size-8 items-center justify-center rounded-full bg-[#00a884] text-white shadow-sm hover:bg-[#029a79]"
          aria-label="New customer"
          title="New customer"
        >
          <PlusIcon className="size-4" />
        </button>
      </header>
      <div className="p-2">
        {adding && (
          <div className="p-1 pb-2">
            <NewCustomerForm
              phone={phone}
              onCancel={() => setAdding(false)}
              onCreated={(waId) => {
                setAdding(false);
                onSelect(waId);
              }}
            />
          </div>
        )}
        {customers.isSuccess && list.length === 0 && !adding && (
          <div className="px-3 py-8 text-center">
            <p className="text-sm font-medium text-slate-700">No customers yet</p>
            <p className="mt-1 text-xs text-slate-500">
              Add one to start chatting, or send a template from the inbox.
            </p>
            <Button
              className="mt-3"
              size="sm"
              variant="secondary"
              icon={<PlusIcon className="size-4" />}
              onClick={() => setAdding(true)}
            >
              New customer
            </Button>
          </div>
        )}
        <ul className="space-y-0.5">
          {list.map((c) => {
            const active = c.waId === selected;
            return (
              <li key={c.waId}>
                <button
                  type="button"
                  onClick={() => onSelect(c.waId)}
                  aria-current={active}
                  data-testid="sandbox-customer"
                  className={`flex w-full items-center gap-3 rounded-xl px-2.5 py-2.5 text-left transition-colors ${
                    active ? 'bg-[#e7fce3] ring-1 ring-[#00a884]/30' : 'hover:bg-slate-50'
                  }`}
                >
                  <span
                    className="flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
                    style={{ backgroundColor: avatarColor(c.name) }}
                    aria-hidden="true"
                  >
                    {initials(c.name)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-medium text-slate-900">{c.name}</span>
                      {c.lastMessage && (
                        <span
                          className={`shrink-0 text-[11px] ${c.unread ? 'font-medium text-[#00a884]' : 'text-slate-400'}`}
                        >
                          {listTime(c.lastMessage.timestamp, now)}
                        </span>
                      )}
                    </span>
                    <span className="mt-0.5 flex items-center justify-between gap-2">
                      <span className="flex min-w-0 items-center gap-1 text-xs text-slate-500">
                        {c.lastMessage?.from === 'customer' && <StatusTicks status={c.lastMessage.status} />}
                        <span className="truncate">{c.lastMessage?.preview ?? `+${c.waId}`}</span>
                      </span>
                      {c.unread > 0 && (
                        <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-[#25d366] px-1.5 text-[11px] font-semibold text-white">
                          {c.unread}
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
