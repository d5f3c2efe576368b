/** A template send's content: what was sent (name, language, values) and the text the customer reads. */
export type TemplateSendContent = {
  kind: 'template';
  name: string;
  language: string;
  body: string;
  parameters: { body: string[]; header: string[] };
  /** An image/video/document header: the message's media is the file it carries. */
  headerMedia?: 'image' | 'video' | 'document';
  /** The campaign that sent it (server/campaigns/), for the chat's label. */
  campaign?: { id: string; name: string };
};
