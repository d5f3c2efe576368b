import type { InboundContent, OutgoingInteractiveContent } from './types';

/** What a message carries in either direction (the team's interactive messages have their own kinds). */
type AnyContent = InboundContent | OutgoingInteractiveContent;

/** The message's own words (body, caption, tapped title…); '' when it has none, like a bare image or a location. */
export function readableText(content: AnyContent): string {
  switch (content.kind) {
    case 'text':
      return content.body;
    case 'image':
    case 'video':
    case 'document':
      return content.media.caption ?? '';
    case 'interactive':
      if (content.reply.type === 'button_reply' || content.reply.type === 'list_reply')
        return content.reply.title;
      return content.reply.type === 'nfm_reply' ? (content.reply.body ?? '') : '';
    case 'button':
      return content.text || content.payload;
    case 'reaction':
      return content.emoji ?? '';
    case 'order':
      return content.text;
    case 'system':
    case 'buttons':
    case 'list':
    case 'cta_url':
      return content.body;
    default:
      return '';
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() || 'Message';
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A one-line, never empty summary of a message (inbound, or one the team sent) for the inbox list and notifications. */
export function previewFor(content: AnyContent): string {
  switch (content.kind) {
    case 'text':
      return content.body.trim() || '💬 Message';
    case 'image':
      return content.media.caption ? `📷 ${content.media.caption}` : '📷 Photo';
    case 'video':
      return content.media.caption ? `🎥 ${content.media.caption}` : '🎥 Video';
    case 'document':
      return `📄 ${content.media.filename ?? content.media.caption ?? 'Document'}`;
    case 'audio':
      return content.isVoice ? '🎤 Voice message' : '🎵 Audio';
    case 'sticker':
      return content.isAnimated ? '🖼️ Animated sticker' : '🖼️ Sticker';
    case 'location':
      return `📍 ${content.name ?? content.address ?? 'Location'}`;
    case 'contacts': {
      const [first, ...rest] = content.cards;
      if (!first) return '👤 Contact';
      const name = first.formattedName || 'Unknown';
      return rest.length === 0 ? `👤 Contact: ${name}` : `👤 Contacts: ${name} and ${rest.length} more`;
    }
    case 'interactive':
      if (content.reply.type === 'button_reply' || content.reply.type === 'list_reply') {
        return content.reply.title || 'Interactive reply';
      }
      return content.reply.type === 'nfm_reply'
        ? (content.reply.body ?? 'Form submitted')
        : 'Interactive reply';
    case 'button':
      return content.text || content.payload || 'Button reply';
    case 'reaction':
      return content.emoji ? `Reacted ${content.emoji}` : 'Removed a reaction';
    case 'order': {
      const count = content.items.reduce((sum, item) => sum + item.quantity, 0);
      return `🛒 Order: ${plural(count, 'item')}`;
    }
    case 'system':
      return content.body || 'System message';
    case 'buttons':
      return `🔘 ${firstLine(content.body)}`;
    case 'list':
      return `📋 ${firstLine(content.body)}`;
    case 'cta_url':
      return `🔗 ${firstLine(content.body)}`;
    case 'unsupported':
      return content.unsupportedType
        ? `Unsupported message (${content.unsupportedType})`
        : 'Unsupported message';
  }
}
