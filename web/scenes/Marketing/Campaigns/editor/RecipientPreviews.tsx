import type { Campaign } from '@common/api/campaigns';
import type { TemplateView } from '@common/api/templates';
import { useQuery } from '@tanstack/react-query';
import { campaignPreviewQuery } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { Spinner } from '../../../../components/Spinner';
import { TemplatePreview } from '../../../../components/TemplatePreview';
import { showPhone } from '../format';
import { hasMediaHeader } from './steps';

/**
 * The template as three real recipients of the audience will read it, rendered by the server from
 * the saved draft (it reads again after every save).
 */
export function RecipientPreviews({
  campaign,
  template,
  ready,
}: {
  campaign: Campaign;
  template: TemplateView;
  /** False while the draft lacks an audience or a value for a variable. */
  ready: boolean;
}) {
  const preview = useQuery({
    ...campaignPreviewQuery(campaign.id, campaign.updatedAt),
    enabled: ready && campaign.audience !== null,
  });
  const media = hasMediaHeader(template) ? template.header : null;
  return (
    <section aria-labelledby="recipient-previews" className="space-y-3" data-testid="recipient-previews">
      <h4 id="recipient-previews" className="text-sm font-semibold text-slate-900">
        What recipients will read
      </h4>
      {!ready || !campaign.audience ? (
        <p className="text-sm text-slate-600">
          Choose a value for each variable to see three recipients’ messages.
        </p>
      ) : preview.isPending ? (
        <Spinner label="Loading the preview" />
      ) : preview.isError ? (
        <p className="text-sm text-red-700">
          {errorMessage(preview.error, 'The preview could not be loaded.')}
        </p>
      ) : preview.data.length === 0 ? (
        <p className="text-sm text-slate-600">No one in this audience can receive the campaign yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {preview.data.map((recipient) => (
            <li key={recipient.contactId} className="space-y-1.5" data-testid="recipient-preview">
              <p className="truncate text-xs font-medium text-slate-700">
                {recipient.name || 'No name'} · {showPhone(recipient.phone)}
              </p>
              <TemplatePreview
                header={media}
                body={recipient.text}
                buttons={template.buttons}
                headerMedia={template.headerSample}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
