import {
  AI_MODEL_MISSING_MESSAGE,
  AI_NOT_CONFIGURED_MESSAGE,
  AI_SOURCE_LABELS,
  type AiErrorBody,
  type AiStatus,
} from '@common/api/ai';
import type { Executor } from '../db/client';
import { type Env, OPENAI_BASE_URL } from '../env';
import { getSelfOrigin } from '../lib/self-origin';
import { openAiProvider } from './openai-provider';
import type { AiProvider } from './provider';
import { type AiSettingsRow, loadAiSettings, openApiKey } from './settings-store';

/** The sandbox model's name and where this process serves it (server/sandbox/ai). */
export const SANDBOX_MODEL = 'switchboard-sandbox';
export const SANDBOX_AI_PATH = '/sandbox/ai/v1';

export type ResolvedAi =
  | { provider: AiProvider; settings: AiSettingsRow | null }
  | { provider: null; settings: AiSettingsRow | null };

/**
 * Which model answers an account: the team's own (Settings → AI, when it names a model) → the
 * server's (AI_MODEL) → the built-in sandbox model (sandbox on) → none. A team that saved its own base
 * URL but no model gets none (`notConfigured` says why), never the server's or the sandbox model in its
 * place. The sandbox model is asked over real HTTP at this process's own address, through the same
 * client as any provider.
 */
export async function resolveAi(db: Executor, env: Env, accountId: string): Promise<ResolvedAi> {
  const settings = await loadAiSettings(db, accountId);
  return { provider: providerFor(env, settings), settings };
}

export function providerFor(env: Env, settings: AiSettingsRow | null): AiProvider | null {
  const timeoutMs = env.ai.timeoutMs;
  if (lacksModel(settings)) return null;
  if (settings?.model) {
    return openAiProvider({
      source: 'team',
      baseUrl: (settings.baseUrl ?? OPENAI_BASE_URL).replace(/\/$/, ''),
      apiKey: openApiKey(settings, env.secretKey),
      model: settings.model,
      timeoutMs,
    });
  }
  if (env.ai.model) {
    return openAiProvider({
      source: 'server',
      baseUrl: env.ai.baseUrl,
      apiKey: env.ai.apiKey ?? null,
      model: env.ai.model,
      timeoutMs,
    });
  }
  if (env.sandbox) {
    return openAiProvider({
      source: 'sandbox',
      baseUrl: `${getSelfOrigin(env.port)}${SANDBOX_AI_PATH}`,
      apiKey: 'sandbox',
      model: SANDBOX_MODEL,
      timeoutMs,
    });
  }
  return null;
}

/** The team saved its own base URL and no model (a row from before the settings refused that). */
function lacksModel(settings: Pick<AiSettingsRow, 'baseUrl' | 'model'> | null): boolean {
  return !!settings?.baseUrl && !settings.model;
}

/**
 * Why no model answers, in the words the AI buttons and "Test connection" show: the team's base URL
 * names no model, or nothing is set at all.
 */
export function notConfigured(settings: Pick<AiSettingsRow, 'baseUrl' | 'model'> | null): AiErrorBody {
  return {
    code: 'ai_not_configured',
    message: lacksModel(settings) ? AI_MODEL_MISSING_MESSAGE : AI_NOT_CONFIGURED_MESSAGE,
  };
}

/** What every teammate may know about the connection (never a URL or key). */
export function aiStatus(
  env: Env,
  provider: AiProvider | null,
  settings: Pick<AiSettingsRow, 'baseUrl' | 'model'> | null = null,
): AiStatus {
  if (!provider) {
    return {
      configured: false,
      source: null,
      label: null,
      model: null,
      sandbox: env.sandbox,
      notConfiguredMessage: notConfigured(settings).message,
    };
  }
  return {
    configured: true,
    source: provider.source,
    label: AI_SOURCE_LABELS[provider.source],
    model: provider.model,
    sandbox: env.sandbox,
    notConfiguredMessage: null,
  };
}
