import type { Campaign, UpdateCampaignInput } from '@common/api/campaigns';
import { DOCUMENT_EXTENSIONS, MEDIA_LIMITS } from '@common/api/inbox';
import { isMediaFormat, TEMPLATE_MSG, TEMPLATE_SAMPLE_RULES, type TemplateView } from '@common/api/templates';
import { useEffect, useRef } from 'react';
import { uploadSendHeaderMedia } from '../../../../api/templates';
import { Button } from '../../../../components/Button';
import { TemplateMediaField, useMediaUpload } from '../../../../components/TemplateMediaField';
import { sendMediaProblem } from '../../../../components/TemplatePicker';

/**
 * The file an image/video/document header carries: the template's sample unless another is chosen
 * (uploaded at once, checked as the send modal checks it); the chosen file is saved on the draft.
 */
export function HeaderMediaChoice({
  campaign,
  template,
  save,
}: {
  campaign: Campaign;
  template: TemplateView;
  save: (patch: UpdateCampaignInput, next: null) => Promise<boolean>;
}) {
  const format = template.header?.format;
  const upload = useMediaUpload(
    (file, onProgress, signal) => uploadSendHeaderMedia(template.id, file, onProgress, signal),
    'Failed to upload file. Please try again.',
  );
  const saveRef = useRef(save);
  saveRef.current = save;
  const uploadedId = upload.media?.id ?? null;
  useEffect(() => {
    if (uploadedId && uploadedId !== campaign.headerMediaId)
      void saveRef.current({ headerMediaId: uploadedId }, null);
  }, [uploadedId, campaign.headerMediaId]);
  if (!isMediaFormat(format)) return null;
  const kind = TEMPLATE_SAMPLE_RULES[format].kind;
  const sample = template.headerSample;
  const fallback =
    campaign.headerMediaId && !upload.file
      ? { filename: 'The file chosen for this campaign', note: 'Saved with the draft' }
      : sample
        ? { filename: sample.filename, note: 'The template’s sample' }
        : null;
  return (
    <div className="space-y-1.5 rounded-xl p-3.5 ring-1 ring-slate-200">
      <p className="text-[13px] font-medium text-slate-700">Header {kind}</p>
      <TemplateMediaField
        kind={kind}
        label={`Header ${kind}`}
        accept={
          kind === 'document'
            ? [...MEDIA_LIMITS.document.mimeTypes, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(',')
            : MEDIA_LIMITS[kind].mimeTypes.join(',')
        }
        upload={upload}
        hint={TEMPLATE_MSG.sendMediaRequired(kind)}
        fallback={fallback}
        precheck={(file) => sendMediaProblem(kind, file)}
      />
      {campaign.headerMediaId && sample && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            upload.clear();
            void save({ headerMediaId: null }, null);
          }}
        >
          Use the template’s sample instead
        </Button>
      )}
    </div>
  );
}
