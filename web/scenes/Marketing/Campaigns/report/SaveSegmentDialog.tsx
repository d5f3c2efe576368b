import { type CampaignSegmentInput, SEGMENT_FROM_STATUSES, SENDING_MSG } from '@common/api/campaign-sending';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { saveRecipientsAsSegment } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { Button } from '../../../../components/Button';
import { TextField } from '../../../../components/TextField';
import { Dialog } from '../../../../ui/Dialog';
import { showToast } from '../../../../ui/Toast';
import { RECIPIENT_STATUS_LABEL } from '../format';

type Group = (typeof SEGMENT_FROM_STATUSES)[number];

/** "Save as segment": the recipients who read, replied or failed become a segment of the Contacts page. */
export function SaveSegmentDialog({
  isOpen,
  onClose,
  campaignId,
  campaignName,
}: {
  isOpen: boolean;
  onClose: () => void;
  campaignId: string;
  campaignName: string;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [groups, setGroups] = useState<Group[]>(['replied']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setName(`${campaignName} – replied`.slice(0, 80));
      setGroups(['replied']);
      setError(null);
    }
  }, [isOpen, campaignName]);

  const submit = async () => {
    const body: CampaignSegmentInput = { name: name.trim(), statuses: groups };
    if (!body.name) return setError('Segment name is required');
    if (groups.length === 0) return setError(SENDING_MSG.statusesRequired);
    setBusy(true);
    try {
      const segment = await saveRecipientsAsSegment(client, campaignId, body);
      showToast(`Segment “${segment.name}” saved`, 'success');
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The segment could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Save recipients as a segment"
      description="The segment keeps these recipients, to follow up from the Contacts page or in a next campaign."
      isDismissable={!busy}
      testId="save-segment-dialog"
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-[13px] font-medium text-slate-700">Recipients who</legend>
          <div className="flex flex-wrap gap-4">
            {SEGMENT_FROM_STATUSES.map((group) => (
              <label key={group} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={groups.includes(group)}
                  onChange={() => {
                    setGroups((list) =>
                      list.includes(group) ? list.filter((g) => g !== group) : [...list, group],
                    );
                    setError(null);
                  }}
                  className="size-4 accent-ink-700"
                />
                {RECIPIENT_STATUS_LABEL[group]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Segment name"
          value={name}
          maxLength={80}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="brand" isLoading={busy} loadingText="Saving…">
            Save segment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
