import {
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@common/api/ai-bot';
import { inputClasses } from '../../../components/TextField';

const TIME_INPUT = `${inputClasses()} !w-36 !py-1.5 tabular-nums`;

/**
 * The team's week: each day open (from–until, in the bot's time zone) or closed. A day's closing
 * time must come after its opening time; the row says so in words.
 */
export function BusinessHoursEditor({
  hours,
  onChange,
  disabled,
}: {
  hours: BusinessHours;
  onChange: (hours: BusinessHours) => void;
  disabled: boolean;
}) {
  const set = (day: Weekday, value: BusinessHours[Weekday]) => onChange({ ...hours, [day]: value });

  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-2 text-[13px] font-medium text-slate-700">Business hours</legend>
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="business-hours">
        {WEEKDAYS.map((day) => {
          const value = hours[day];
          const label = WEEKDAY_LABELS[day];
          const wrong = value !== null && value.close <= value.open;
          return (
            <li key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
              <label className="flex w-36 items-center gap-2.5 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  checked={value !== null}
                  disabled={disabled}
                  onChange={(event) =>
                    set(
                      day,
                      event.target.checked
                        ? (DEFAULT_BUSINESS_HOURS.mon ?? { open: '09:00', close: '17:00' })
                        : null,
                    )
                  }
                  className="size-4 rounded border-slate-300 accent-brand-600"
                />
                {label}
              </label>
              {value ? (
                <div className="flex items-center gap-2 text-sm text-slate-600">
                  <input
                    type="time"
                    aria-label={`${label} opens at`}
                    value={value.open}
                    onChange={(event) => set(day, { ...value, open: event.target.value })}
                    required
                    disabled={disabled}
                    className={TIME_INPUT}
                  />
                  <span aria-hidden="true">to</span>
                  <input
                    type="time"
                    aria-label={`${label} closes at`}
                    value={value.close}
                    onChange={(event) => set(day, { ...value, close: event.target.value })}
                    required
                    disabled={disabled}
                    aria-invalid={wrong || undefined}
                    className={`${TIME_INPUT} ${wrong ? '!ring-red-400' : ''}`}
                  />
                  {wrong && (
                    <span className="text-xs text-red-600">Closing time must be after opening time</span>
                  )}
                </div>
              ) : (
                <span className="text-sm text-slate-500">Closed all day</span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
