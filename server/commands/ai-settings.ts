import {
  AI_MODEL_REQUIRED_MESSAGE,
  AI_SOURCE_LABELS,
  type AiSettingsInput,
  type AiSettingsResponse,
  type AiTestResponse,
} from '@common/api/ai';
import type { AiLog } from '../ai/log';
import { logAiFailure } from '../ai/log';
import { testPrompt } from '../ai/prompt';
import { aiStatus, notConfigured, providerFor } from '../ai/resolve';
import { type AiSettingsRow, loadAiSettings, sealApiKey } from '../ai/settings-store';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { aiSettings } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import { badRequest } from '../lib/http-errors';
import { aiPolicy } from '../policies/ai';
import type { PolicyActor } from '../policies/define-policy';

type AiActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
/** What the AI commands are handed: the database, the env (models, SECRET_KEY), the bus for writes, a log. */
export type AiDeps = { db: Database; env: Env; events?: EventBus; log?: AiLog };

function present(env: Env, actor: AiActor, row: AiSettingsRow | null): AiSettingsResponse {
  const subject = { accountId: actor.accountId };
  const configure = aiPolicy.can(actor, 'configure', subject);
  return {
    status: aiStatus(env, providerFor(env, row), row),
    settings: configure
      ? {
          baseUrl: row?.baseUrl ?? null,
          model: row?.model ?? null,
          hasKey: !!row?.apiKeyEncrypted,
          instructions: row?.instructions ?? '',
          updatedAt: row?.updatedAt.toISOString() ?? null,
        }
      : null,
    serverModel: env.ai.model,
    abilities: { configure, suggest: aiPolicy.can(actor, 'suggest', subject) },
  };
}

/**
 * The team's AI settings: every teammate learns whether AI is on and which model answers (`status`);
 * the owner also gets the stored values, the key only as `hasKey`.
 */
export async function getAiSettings(deps: AiDeps, actor: AiActor): Promise<AiSettingsResponse> {
  aiPolicy.authorize(actor, 'viewSettings', { accountId: actor.accountId });
  return present(deps.env, actor, await loadAiSettings(deps.db, actor.accountId));
}

/**
 * The row as it would be with `input` applied (fields left out keep their value; null clears). A
 * stored key only ever goes to the host it was entered for: a base URL on another host without a new
 * key drops it, so a changed URL (or a test against one) cannot carry the team's key elsewhere.
 */
function applyInput(env: Env, row: AiSettingsRow | null, accountId: string, input: AiSettingsInput) {
  const baseUrl = input.baseUrl === undefined ? (row?.baseUrl ?? null) : input.baseUrl;
  const sameHost = hostOf(baseUrl) === hostOf(row?.baseUrl ?? null);
  const keptKey = sameHost ? (row?.apiKeyEncrypted ?? null) : null;
  return {
    accountId,
    baseUrl,
    apiKeyEncrypted:
      input.apiKey === undefined
        ? keptKey
        : input.apiKey === null
          ? null
          : sealApiKey(input.apiKey, env.secretKey),
    model: input.model === undefined ? (row?.model ?? null) : input.model,
    instructions: input.instructions ?? row?.instructions ?? '',
  };
}

/** The host of a base URL, for the audit log (a URL may carry credentials; the host never does). */
function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The owner changes the team's AI settings (checked by the schema; a change that leaves a base URL
 * without a model is refused, 400 `ai_model_required`). The key is sealed with SECRET_KEY
 * before it is stored. The audit log records what changed (the model, the base URL's host, whether
 * the key was set or removed, the instructions' length), never the key or the instructions.
 */
export async function updateAiSettings(
  deps: AiDeps & { events: EventBus },
  actor: AiActor,
  input: AiSettingsInput,
): Promise<AiSettingsResponse> {
  aiPolicy.authorize(actor, 'configure', { accountId: actor.accountId });
  const row = await deps.events.transaction(async (tx) => {
    const before = await loadAiSettings(tx, actor.accountId);
    const next = applyInput(deps.env, before, actor.accountId, input);
    // A base URL with no model would answer nothing (resolve.ts never puts another model in its place).
    if (next.baseUrl && !next.model)
      throw badRequest(AI_MODEL_REQUIRED_MESSAGE, 'ai_model_required', 'model');
    const [saved] = await tx
      .insert(aiSettings)
      .values({ ...next, updatedBy: actor.id, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: aiSettings.accountId,
        set: { ...next, updatedBy: actor.id, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'ai_settings.updated',
      subjectType: 'account',
      subjectId: actor.accountId,
      details: auditDetails(before, next, input),
    });
    return saved!;
  });
  return present(deps.env, actor, row);
}

function auditDetails(
  before: AiSettingsRow | null,
  next: ReturnType<typeof applyInput>,
  input: AiSettingsInput,
): Record<string, unknown> {
  const changed: string[] = [];
  if ((before?.baseUrl ?? null) !== next.baseUrl) changed.push('baseUrl');
  if (input.apiKey !== undefined || (before?.apiKeyEncrypted ?? null) !== next.apiKeyEncrypted)
    changed.push('apiKey');
  if ((before?.model ?? null) !== next.model) changed.push('model');
  if ((before?.instructions ?? '') !== next.instructions) changed.push('instructions');
  return {
    changed,
    model: next.model,
    baseUrlHost: hostOf(next.baseUrl),
    ...(changed.includes('apiKey') ? { key: next.apiKeyEncrypted ? 'set' : 'removed' } : {}),
    instructionsLength: next.instructions.length,
  };
}

/**
 * "Test connection" (owners): asks the model the team would use — the saved settings with the
 * values in `input` put over them, unsaved — a fixed question. Always an answer: the model's reply,
 * or its failure in words (a base URL with no model: that it needs one, never another model's answer).
 */
export async function testAiConnection(
  deps: AiDeps,
  actor: AiActor,
  input: AiSettingsInput,
): Promise<AiTestResponse> {
  aiPolicy.authorize(actor, 'configure', { accountId: actor.accountId });
  const saved = await loadAiSettings(deps.db, actor.accountId);
  const trial = {
    ...applyInput(deps.env, saved, actor.accountId, input),
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  const provider = providerFor(deps.env, trial);
  if (!provider) {
    return {
      ok: false,
      error: notConfigured(trial),
      source: null,
      label: null,
      model: null,
    };
  }
  const label = AI_SOURCE_LABELS[provider.source];
  const started = performance.now();
  try {
    const reply = await provider.complete(testPrompt(), { maxTokens: 60 });
    return {
      ok: true,
      reply,
      source: provider.source,
      label,
      model: provider.model,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const failure = logAiFailure(deps.log, provider, error, 'test');
    return { ok: false, error: failure.toBody(), source: provider.source, label, model: provider.model };
  }
}
