import type { Campaign } from '@common/api/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteCampaign } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { Button } from '../../../../components/Button';
import { AlertDialog } from '../../../../ui/AlertDialog';

/** Deletes a campaign the server lets go (a draft, or one that is over), after a confirm. */
export function DeleteDraftButton({ campaign }: { campaign: Campaign }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteCampaign(client, campaign.id);
      navigate('/app/marketing/campaigns', { replace: true });
    } catch (e) {
      setError(errorMessage(e, 'The campaign could not be deleted. Try again.'));
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<Trash2Icon className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {campaign.status === 'draft' ? 'Delete draft' : 'Delete'}
      </Button>
      <AlertDialog
        isOpen={open}
        tone="danger"
        icon={<Trash2Icon className="size-6" />}
        title={`Delete “${campaign.name}”?`}
        description={
          campaign.status === 'draft'
            ? 'The draft is deleted for the whole team.'
            : 'The campaign and its report are deleted for the whole team.'
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
        isBusy={busy}
        error={error}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
