import { INTERACTIVE_LIMITS as L, type LocationInput, locationSchema } from '@common/api/interactive';
import { useState } from 'react';
import { PhonePreview } from '../../../../components/InteractivePreview';
import { LocationBody } from '../content/RichBodies';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, useChecks } from './fields';
import { useSendAndClose } from './useSendAndClose';

type Draft = { latitude: string; longitude: string; name: string; address: string };
const EMPTY: Draft = { latitude: '', longitude: '', name: '', address: '' };

type Props = ComposeDialogBaseProps & { onSend: (input: LocationInput) => Promise<unknown> };

/** A place by latitude and longitude, with an optional name and address. */
export function LocationDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const checks = useChecks(locationSchema, draft);
  const { sending, send } = useSendAndClose(
    base.onClose,
    () => onSend(draft),
    () => setDraft(EMPTY),
  );
  const set = (patch: Partial<Draft>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    checks.touch(path);
  };
  const parsed = locationSchema.safeParse(draft);
  return (
    <ComposeDialog
      {...base}
      title="Location"
      description="Share a place: its coordinates, and a name and address the customer's phone shows with it."
      testId="location-dialog"
      valid={checks.valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send location"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <LocationBody
            content={{
              kind: 'location',
              latitude: parsed.success ? parsed.data.latitude : null,
              longitude: parsed.success ? parsed.data.longitude : null,
              name: draft.name.trim() || null,
              address: draft.address.trim() || null,
              url: null,
            }}
          />
        </PhonePreview>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <CountedField
          label="Latitude"
          inputMode="decimal"
          value={draft.latitude}
          onChange={(latitude) => set({ latitude }, 'latitude')}
          error={checks.errorAt('latitude')}
          placeholder="e.g. 59.9139"
        />
        <CountedField
          label="Longitude"
          inputMode="decimal"
          value={draft.longitude}
          onChange={(longitude) => set({ longitude }, 'longitude')}
          error={checks.errorAt('longitude')}
          placeholder="e.g. 10.7522"
        />
      </div>
      <CountedField
        label="Place name"
        optional
        value={draft.name}
        onChange={(name) => set({ name }, 'name')}
        max={L.locationText}
        error={checks.errorAt('name')}
      />
      <CountedField
        label="Address"
        optional
        value={draft.address}
        onChange={(address) => set({ address }, 'address')}
        max={L.locationText}
        error={checks.errorAt('address')}
      />
    </ComposeDialog>
  );
}
