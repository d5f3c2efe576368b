import type { Campaign } from '@common/api/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { CircleStopIcon, PauseIcon, PlayIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { type CampaignAction, runCampaignAction } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/Alert';
import { Button } from '../../../../components/Button';
import { AlertDialog } from '../../../../ui/AlertDialog';
import { showToast } from '../../../../ui/Toast';
import { DeleteDraftButton } from '../editor/DeleteDraftButton';

const DONE: Record<CampaignAction, string> = {
  unschedule: 'Back to draft',
  pause: 'Campaign paused',
  resume: 'Sending again',
  cancel: 'Campaign cancelled',
};

/** Pause, Resume, Back to draft and Cancel (after a confirm), each only when the server allows it. */
export function CampaignControls({ campaign }: { campaign: Campaign }) {
  const client = useQueryClient();
  const [running, setRunning] = useState<CampaignAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { abilities } = campaign;

  const run = async (action: CampaignAction) => {
    setRunning(action);
    setError(null);
    try {
      await runCampaignAction(client, campaign.id, action);
      showToast(DONE[action], 'success');
      setConfirming(false);
    } catch (e) {
      setError(errorMessage(e, 'That did not work. Try again.'));
    } finally {
      setRunning(null);
    }
  };

  const any =
    abilities.unschedule || abilities.pause || abilities.resume || abilities.cancel || abilities.delete;
  if (!any) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2" data-testid="campaign-controls">
        {abilities.unschedule && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Undo2Icon className="size-4" aria-hidden="true" />}
            isLoading={running === 'unschedule'}
            onClick={() => void run('unschedule')}
          >
            Back to draft
          </Button>
        )}
        {abilities.pause && (
          <Button
            variant="secondary"
            size="sm"
            icon={<PauseIcon className="size-4" aria-hidden="true" />}
            isLoading={running === 'pause'}
            loadingText="Pausing…"
            onClick={() => void run('pause')}
          >
            Pause
          </Button>
        )}
        {abilities.resume && (
          <Button
            variant="brand"
            size="sm"
            icon={<PlayIcon className="size-4" aria-hidden="true" />}
            isLoading={running === 'resume'}
            loadingText="Resuming…"
            onClick={() => void run('resume')}
          >
            Resume
          </Button>
        )}
        {abilities.cancel && (
          <Button
            variant="secondary"
            size="sm"
            className="!text-red-700"
            icon={<CircleStopIcon className="size-4" aria-hidden="true" />}
            onClick={() => setConfirming(true)}
          >
            Cancel campaign
          </Button>
        )}
        {abilities.delete && <DeleteDraftButton campaign={campaign} />}
      </div>
      {error && !confirming && <Alert testId="campaign-control-error">{error}</Alert>}
      <AlertDialog
        isOpen={confirming}
        tone="danger"
        icon={<CircleStopIcon className="size-6" />}
        title={`Cancel “${campaign.name}”?`}
        description="No more messages are sent. Messages already sent stay sent, and a cancelled campaign cannot be resumed."
        confirmLabel="Cancel campaign"
        busyLabel="Cancelling…"
        isBusy={running === 'cancel'}
        error={confirming ? error : null}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
        onConfirm={() => void run('cancel')}
        testId="cancel-campaign-dialog"
      />
    </div>
  );
}
