import type { InboxMessage } from '@common/api/inbox';
import { InteractiveContent } from '../../../components/InteractivePreview';
import { AudioPlayer } from './content/AudioPlayer';
import { DocumentCard } from './content/DocumentCard';
import { ImageBody, StickerBody, VideoBody } from './content/MediaBodies';
import {
  ButtonBody,
  ContactsBody,
  InteractiveBody,
  LocationBody,
  OrderBody,
  TemplateBody,
  UnsupportedBody,
} from './content/RichBodies';
import { TextBody } from './content/TextBody';

/** Whether a message is drawn without the bubble (stickers, like on a phone). */
export function isBare(message: InboxMessage): boolean {
  return message.content.kind === 'sticker';
}

/**
 * A template's or reply buttons' image/video/document header, drawn like a media message's file; the
 * text follows it.
 */
function TemplateHeaderMedia({ message }: { message: InboxMessage }) {
  const plain = { ...message, body: '' };
  if (message.media?.kind === 'video') return <VideoBody message={plain} />;
  if (message.media?.kind === 'document') return <DocumentCard message={plain} />;
  return <ImageBody message={plain} />;
}

/** The inside of a bubble, by the message's kind. */
export function MessageContent({ message }: { message: InboxMessage }) {
  const content = message.content;
  switch (content.kind) {
    case 'text':
      return <TextBody text={content.body} />;
    case 'image':
      return (
        <div className="space-y-1.5">
          <ImageBody message={message} />
          {message.body && <TextBody text={message.body} className="px-1" />}
        </div>
      );
    case 'video':
      return (
        <div className="space-y-1.5">
          <VideoBody message={message} />
          {message.body && <TextBody text={message.body} className="px-1" />}
        </div>
      );
    case 'document':
      return (
        <div className="space-y-1.5">
          <DocumentCard message={message} />
          {message.body && <TextBody text={message.body} className="px-1" />}
        </div>
      );
    case 'audio':
      return <AudioPlayer message={message} />;
    case 'sticker':
      return <StickerBody message={message} />;
    case 'location':
      return <LocationBody content={content} />;
    case 'contacts':
      return <ContactsBody content={content} />;
    case 'interactive':
      return <InteractiveBody content={content} />;
    case 'buttons':
    case 'list':
    case 'cta_url':
      // A reply-buttons file header is the message's media, drawn like a template's.
      return (
        <InteractiveContent
          content={content}
          headerMedia={message.media ? <TemplateHeaderMedia message={message} /> : undefined}
        />
      );
    case 'button':
      return <ButtonBody content={content} />;
    case 'order':
      return <OrderBody content={content} />;
    case 'template':
      return message.media ? (
        <div className="space-y-1.5">
          <TemplateHeaderMedia message={message} />
          <TemplateBody content={content} />
        </div>
      ) : (
        <TemplateBody content={content} />
      );
    case 'unsupported':
      return <UnsupportedBody content={content} />;
    case 'system':
      return <TextBody text={content.body} />;
    default:
      return <TextBody text={message.body || message.preview} />;
  }
}
