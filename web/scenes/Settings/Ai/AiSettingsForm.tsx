import {
  type AiSettingsInput,
  type AiSettingsResponse,
  type AiTestResponse,
  aiSettingsInputSchema,
  MAX_AI_INSTRUCTIONS,
} from '@common/api/ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, PlugZapIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { saveAiSettings, testAiConnection } from '../../../api/ai';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses, TextField } from '../../../components/TextField';
import { showToast } from '../../../ui/Toast';
import { SettingsCard } from '../SettingsCard';

type Settings = NonNullable<AiSettingsResponse['settings']>;
type Field = 'baseUrl' | 'apiKey' | 'model' | 'instructions';

/** The connection fields as the request sends them: blank clears, an untyped key stays as saved. */
function connectionBody(baseUrl: string, model: string, apiKey: string): AiSettingsInput {
  const body: AiSettingsInput = { baseUrl: baseUrl.trim() || null, model: model.trim() || null };
  if (apiKey.trim()) body.apiKey = apiKey.trim();
  return body;
}

/** The contract's first complaint about a body, by field. */
function problemOf(body: AiSettingsInput): { field: Field; message: string } | null {
  const parsed = aiSettingsInputSchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { field: issue.path[0] as Field, message: issue.message };
}

/**
 * The owner's AI settings: the connection (base URL, API key, model) with a test, and the team's
 * instructions. The key is never shown or filled in: only whether one is saved.
 */
export function AiSettingsForm({
  settings,
  serverModel,
}: {
  settings: Settings;
  serverModel: string | null;
}) {
  const client = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [instructions, setInstructions] = useState(settings.instructions);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const counterId = useId();
  const instructionsId = useId();

  const save = useMutation({
    mutationFn: (body: AiSettingsInput) => saveAiSettings(client, body),
    onSuccess: (saved) => {
      setApiKey('');
      setBaseUrl(saved.settings?.baseUrl ?? '');
      setModel(saved.settings?.model ?? '');
      showToast('AI settings saved', 'success');
    },
  });
  const removeKey = useMutation({
    mutationFn: () => saveAiSettings(client, { apiKey: null }),
    onSuccess: () => showToast('API key removed', 'success'),
  });
  const test = useMutation<AiTestResponse, Error, AiSettingsInput>({ mutationFn: testAiConnection });

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setProblem(null);
    save.reset();
    test.reset();
  };

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    // Checked whole (a base URL needs a model, saved or not), then sent with only what changed, so
    // the activity log names what the owner changed.
    const body: AiSettingsInput = { ...connectionBody(baseUrl, model, apiKey), instructions };
    const found = problemOf(body);
    if (found) return setProblem(found);
    if (body.baseUrl === settings.baseUrl) delete body.baseUrl;
    if (body.model === settings.model) delete body.model;
    if (instructions === settings.instructions) delete body.instructions;
    save.mutate(body);
  };

  const handleTest = () => {
    const body = connectionBody(baseUrl, model, apiKey);
    const found = problemOf(body);
    if (found) return setProblem(found);
    test.mutate(body);
  };

  const fieldError = (field: Field) => (problem?.field === field ? problem.message : null);
  const saveError = save.isError ? errorMessage(save.error, 'Failed to save the AI settings.') : null;

  return (
    <form noValidate onSubmit={handleSave} aria-label="AI settings">
      <SettingsCard
        title="Your model"
        description="Any OpenAI-compatible Chat Completions API: a hosted provider, or a model on your own server (Ollama, llama.cpp, vLLM, LM Studio). Leave the base URL and model blank to use the server’s model or the sandbox model."
      >
        <div className="space-y-5 p-6">
          <TextField
            label="Base URL"
            name="baseUrl"
            inputMode="url"
            autoComplete="off"
            placeholder="https://api.openai.com/v1"
            hint="For a local Ollama: http://localhost:11434/v1"
            value={baseUrl}
            onChange={(e) => edit(setBaseUrl)(e.target.value)}
            error={fieldError('baseUrl')}
            optional
          />
          <div>
            <TextField
              label="API key"
              name="apiKey"
              type="password"
              autoComplete="new-password"
              placeholder={settings.hasKey ? 'Type a new key to replace the saved one' : 'sk-…'}
              hint={
                settings.hasKey
                  ? 'A key is saved. It is stored encrypted and never shown again.'
                  : 'Stored encrypted; never shown again. Local models usually need none.'
              }
              value={apiKey}
              onChange={(e) => edit(setApiKey)(e.target.value)}
              error={fieldError('apiKey')}
              optional
            />
            {settings.hasKey && (
              <div className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <KeyRoundIcon className="size-4 text-brand-700" aria-hidden="true" />
                <span data-testid="ai-key-saved">A key is saved</span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700"
                  isLoading={removeKey.isPending}
                  loadingText="Removing…"
                  onClick={() => removeKey.mutate()}
                >
                  Remove key
                </Button>
              </div>
            )}
          </div>
          <TextField
            label="Model"
            name="model"
            autoComplete="off"
            placeholder={serverModel ?? 'gpt-4o-mini, llama3.1, …'}
            value={model}
            onChange={(e) => edit(setModel)(e.target.value)}
            error={fieldError('model')}
            optional
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              icon={<PlugZapIcon className="size-4" />}
              isLoading={test.isPending}
              loadingText="Testing…"
              onClick={handleTest}
            >
              Test connection
            </Button>
            <span className="text-xs text-slate-600">Tests the values above without saving them.</span>
          </div>
          <TestResult result={test.data} error={test.error} />
        </div>
      </SettingsCard>
      <SettingsCard
        title="Team knowledge"
        description="Who you are, your tone, business hours, prices, and what never to promise. Sent with suggestions, rewrites, summaries and the AI bot’s replies, with the team’s shared saved messages."
      >
        <div className="p-6">
          <div className="mb-1.5 flex items-baseline justify-between gap-2">
            <label htmlFor={instructionsId} className="text-[13px] font-medium text-slate-700">
              Instructions
            </label>
            <span id={counterId} className="text-xs text-slate-600 tabular-nums">
              {instructions.length.toLocaleString('en-US')} / {MAX_AI_INSTRUCTIONS.toLocaleString('en-US')}
            </span>
          </div>
          <textarea
            id={instructionsId}
            name="instructions"
            rows={8}
            maxLength={MAX_AI_INSTRUCTIONS}
            aria-describedby={counterId}
            aria-invalid={fieldError('instructions') ? true : undefined}
            placeholder="We are Lumen Bikes, a bicycle shop in Lisbon. Open Mon–Sat 9:00–19:00. Be warm and brief. Never promise delivery dates."
            value={instructions}
            onChange={(e) => edit(setInstructions)(e.target.value)}
            className={`${inputClasses(Boolean(fieldError('instructions')))} resize-y leading-6`}
          />
          {fieldError('instructions') && (
            <p className="mt-1.5 text-xs text-red-600">{fieldError('instructions')}</p>
          )}
        </div>
      </SettingsCard>
      <div className="flex flex-col items-end gap-3 pb-8">
        {saveError && <Alert className="w-full">{saveError}</Alert>}
        {removeKey.isError && (
          <Alert className="w-full">{errorMessage(removeKey.error, 'Failed to remove the key.')}</Alert>
        )}
        <Button type="submit" variant="brand" isLoading={save.isPending} loadingText="Saving…">
          Save AI settings
        </Button>
      </div>
    </form>
  );
}

function TestResult({ result, error }: { result: AiTestResponse | undefined; error: Error | null }) {
  if (error) return <Alert>{errorMessage(error, 'The test could not be run.')}</Alert>;
  if (!result) return null;
  if (!result.ok) {
    return (
      <Alert title="The model did not answer" testId="ai-test-result">
        {result.error.message}
        {result.model && <span className="block text-xs">Model: {result.model}</span>}
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={`${result.label} answered in ${result.ms} ms`} testId="ai-test-result">
      <q>{result.reply}</q>
      <span className="block text-xs">Model: {result.model}</span>
    </Alert>
  );
}
