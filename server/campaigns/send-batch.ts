import { renderTemplateText } from '@common/api/templates';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { campaignRecipients, campaigns, contacts, messages } from '../db/schema';
import type { TemplateSendContent } from '../outbound/send-content';
import type { CampaignRow } from '../presenters/campaign';
import {
  buildTemplateMessage,
  type OutboundMessage,
  type TemplateParameter,
  type TemplateSendComponent,
} from '../whatsapp/message-builders';
import { SKIPPED_BLOCKED, SKIPPED_OPTED_OUT } from './recipients';
import type { TemplatePlan } from './template-plan';
import { fieldIdsOf, fieldValuesOf, type RecipientValues, valuesFor } from './variables';

/** One recipient taken from the queue, its message stored as pending with `send_started_at` set. */
export type ClaimedSend = {
  recipientId: string;
  messageId: string;
  accountId: string;
  contactId: string;
  attempts: number;
  message: OutboundMessage;
};

/** The campaign's template, ready to send: the plan and, for a media header, Meta's id of the file. */
export type SendPlan = TemplatePlan & { headerProviderId: string | null };

type Claimed = {
  id: string;
  contact_id: string;
  message_id: string;
  attempts: number;
  wa_id: string;
  phone: string;
  name: string;
};

/**
 * Takes up to `limit` queued recipients whose time has come (FOR UPDATE SKIP LOCKED: two senders never
 * take the same one) and, in the same transaction, stores each one's message in the contact's chat as
 * a pending template with `send_started_at` set, and moves the chat's last message. Nothing is taken
 * unless the campaign is still sending: a pause or cancel committed before this is obeyed. A recipient
 * whose contact has opted out or been blocked since the campaign started is marked skipped with the
 * reason in the same statement, and is not among those returned.
 * The message id doubles as the send's `biz_opaque_callback_data`.
 */
export async function claimSends(
  tx: Executor,
  campaign: CampaignRow,
  plan: SendPlan,
  limit: number,
): Promise<ClaimedSend[]> {
  // KEY SHARE, not SHARE: a claim only needs the campaign to stay (no delete). A SHARE lock, held
  // by one claim or the next almost all the time at high rates, made the sender's funnel update wait
  // up to a second, and claims queued behind that waiting update: sending stalled (bench/campaign).
  // A pause or cancel is obeyed as before: a claim whose check ran first sends what it took, exactly
  // as when the pause waited for it to commit.
  const live = (await tx.execute(
    sql`select 1 from ${campaigns} where id = ${campaign.id} and status = 'sending' for key share`,
  )) as unknown as { rows: unknown[] };
  if (live.rows.length === 0) return [];
  // The contact's address and name come back with the claim: one round trip for both. The contact is
  // read again here, not only when the campaign started: one who opted out (STOP, or a 131050 from
  // another campaign) or was blocked since is skipped with the reason instead of sent (no attempt,
  // claim or message). The contact row is only read, never locked (`for update of r`).
  const claimed = (await tx.execute(sql`
    with picked as (
      select r.id,
        case when c.blocked_at is not null then ${SKIPPED_BLOCKED}
          when c.consent = 'opted_out' then ${SKIPPED_OPTED_OUT} end as skip
      from ${campaignRecipients} r
      join ${contacts} c on c.id = r.contact_id
      where r.campaign_id = ${campaign.id} and r.status = 'queued' and r.next_attempt_at <= now()
        -- A message Meta has taken (its status webhook came while the recipient was re-queued) is
        -- never sent again.
        and (r.message_id is null or not exists (select 1 from ${messages} m
          where m.id = r.message_id and m.external_id is not null))
      order by r.next_attempt_at, r.id
      limit ${limit}
      for update of r skip locked
    ),
    taken as (
      update ${campaignRecipients} r set
        status = case when picked.skip is null then 'sending' else 'skipped' end,
        status_at = now(),
        claimed_at = case when picked.skip is null then now() end,
        attempts = case when picked.skip is null then r.attempts + 1 else r.attempts end,
        message_id = case when picked.skip is null then coalesce(r.message_id, gen_random_uuid())
          else r.message_id end,
        error = coalesce(picked.skip, r.error),
        error_code = case when picked.skip is null then r.error_code end,
        retryable = case when picked.skip is null then r.retryable else false end
      from picked, ${contacts} c
      where r.id = picked.id and c.id = r.contact_id
      returning r.id, r.status, r.contact_id, r.message_id, r.attempts, c.wa_id, c.phone,
        coalesce(c.custom_name, c.profile_name, '') as name
    )
    select id, contact_id, message_id, attempts, wa_id, phone, name from taken
    where status = 'sending'`)) as unknown as { rows: Claimed[] };
  if (claimed.rows.length === 0) return [];

  const ids = claimed.rows.map((r) => r.contact_id);
  const fields = await fieldValuesOf(tx, ids, fieldIdsOf(campaign.variables));

  const sends: ClaimedSend[] = [];
  const rows: SQL[] = [];
  for (const r of claimed.rows) {
    const values = valuesFor(campaign.variables, {
      name: r.name,
      phone: r.phone,
      fields: fields.get(r.contact_id) ?? new Map(),
    });
    const text = renderTemplateText(plan.template, values);
    const content: TemplateSendContent = {
      kind: 'template',
      name: plan.template.name,
      language: plan.template.language,
      body: text,
      parameters: {
        body: values.body.slice(0, plan.template.bodyVariables),
        header: values.header.slice(0, plan.template.headerVariables),
      },
      ...(plan.header ? { headerMedia: plan.header.kind } : {}),
      campaign: { id: campaign.id, name: campaign.name },
    };
    rows.push(
      sql`(${r.message_id}::uuid, ${r.contact_id}::uuid, ${text}, ${JSON.stringify(content)}::jsonb)`,
    );
    sends.push({
      recipientId: r.id,
      messageId: r.message_id,
      accountId: campaign.accountId,
      contactId: r.contact_id,
      attempts: r.attempts,
      message: buildSend(r.wa_id, plan, values, r.message_id),
    });
  }
  if (rows.length === 0) return sends;
  // The messages stored and the chat list's last message moved in one statement; the chat list shows
  // the campaign's message as each contact's last, as for any send.
  await tx.execute(sql`
    with v(id, contact_id, body, content) as (values ${sql.join(rows, sql`, `)}),
    stored as (
      insert into ${messages} (id, account_id, contact_id, direction, type, body, preview, content, status,
        media_id, send_started_at, timestamp)
      select v.id, ${campaign.accountId}::uuid, v.contact_id, 'outgoing', 'template', v.body, v.body,
        v.content, 'pending', ${plan.header?.mediaId ?? null}::uuid, now(), now()
      from v
      on conflict (id) do update set send_started_at = now(), updated_at = now()
    )
    update ${contacts} c set
      last_message_preview = case when c.last_message_at is null or c.last_message_at <= now() then v.body else c.last_message_preview end,
      last_message_direction = case when c.last_message_at is null or c.last_message_at <= now() then 'outgoing' else c.last_message_direction end,
      last_message_sent_by = case when c.last_message_at is null or c.last_message_at <= now() then null else c.last_message_sent_by end,
      last_message_at = greatest(c.last_message_at, now()),
      updated_at = now()
    from v
    where c.id = v.contact_id`);
  return sends;
}

/** The Cloud API body of one recipient's send: header, body and URL-button values in Meta's order. */
function buildSend(to: string, plan: SendPlan, values: RecipientValues, messageId: string): OutboundMessage {
  const text = (list: string[]) => list.map((value) => ({ type: 'text' as const, text: value }));
  const components: TemplateSendComponent[] = [];
  const id = plan.headerProviderId;
  if (plan.header && id) {
    const parameter: TemplateParameter =
      plan.header.kind === 'image'
        ? { type: 'image', image: { id } }
        : plan.header.kind === 'video'
          ? { type: 'video', video: { id } }
          : { type: 'document', document: { id } };
    components.push({ type: 'header', parameters: [parameter] });
  } else if (plan.template.headerVariables > 0) {
    components.push({
      type: 'header',
      parameters: text(values.header.slice(0, plan.template.headerVariables)),
    });
  }
  if (plan.template.bodyVariables > 0)
    components.push({ type: 'body', parameters: text(values.body.slice(0, plan.template.bodyVariables)) });
  for (const button of values.buttons) {
    if (plan.template.buttons[button.index]?.type !== 'URL') continue;
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(button.index),
      parameters: text([button.value]),
    });
  }
  return buildTemplateMessage(
    to,
    { name: plan.template.name, languageCode: plan.template.language, components },
    { bizOpaqueCallbackData: messageId },
  );
}
