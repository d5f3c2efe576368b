import { CONTACT_FIELD_MSG, type ContactField } from '@common/api/contact-fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { errorMessage } from '../../../api/client';
import { contactFieldUsage, deleteContactField, refreshContactFields } from '../../../api/contactFields';
import { AlertDialog } from '../../../ui/AlertDialog';

type Props = { field: ContactField | null; onClose: () => void };

/**
 * Deleting a field asks first and says how many contacts hold a value (read when the dialog opens);
 * Delete waits for that count, and the server's refusal shows in the dialog.
 */
export function DeleteContactFieldDialog({ field, onClose }: Props) {
  const client = useQueryClient();
  const usage = useQuery({
    queryKey: ['contact-fields', field?.id ?? '', 'usage'],
    queryFn: () => contactFieldUsage(field!.id),
    enabled: field !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteContactField(id),
    onSuccess: async () => {
      await refreshContactFields(client);
      onClose();
    },
  });

  const close = () => {
    remove.reset();
    onClose();
  };
  const description = usage.data ? (
    <span data-testid="contact-field-usage">{CONTACT_FIELD_MSG.deleteConfirm(usage.data.contactCount)}</span>
  ) : usage.isError ? (
    'Delete this field? Its values on every contact will be lost.'
  ) : (
    'Counting the contacts that hold a value…'
  );
  return (
    <AlertDialog
      isOpen={field !== null}
      tone="danger"
      icon={<Trash2Icon className="size-6" />}
      title={field ? `Delete “${field.label}”` : 'Delete field'}
      description={description}
      confirmLabel="Delete field"
      busyLabel={remove.isPending ? 'Deleting...' : 'Counting...'}
      isBusy={remove.isPending || usage.isPending}
      error={
        remove.isError
          ? errorMessage(remove.error, 'The field could not be deleted. Please try again.')
          : usage.isError
            ? errorMessage(usage.error, 'Could not count the contacts that hold a value.')
            : null
      }
      onCancel={close}
      onConfirm={() => field && remove.mutate(field.id)}
      testId="delete-contact-field"
    />
  );
}
