import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshSession } from '../../api/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { COPY } from '../../copy';
import { LoginProgress, type LoginStep } from './components/LoginProgress';

export const CALLBACK_TIMEOUT_MS = 20_000;

/** The access and refresh tokens an external login would hand over in the URL hash, if any. */
export function readHashTokens(hash: string): { accessToken: string; refreshToken: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

/** Drops the hash (it may hold tokens) from the address bar and the history entry. */
function clearHash() {
  if (!window.location.hash) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

class CallbackError extends Error {}

/**
 * /auth/callback (spec §2): finishes a login that arrives by redirect. With a session cookie it routes
 * on to the inbox or the connect screen. Without one, a redirect could only carry tokens in the URL
 * hash; Switchboard's server signs people in with its own cookie sessions and accepts no such tokens,
 * so they are read (and wiped from the address bar) but cannot become a session.
 */
export function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<LoginStep>('initializing');
  const [error, setError] = useState<string | null>(null);
  // Read once: the hash is cleared below, and a re-run of the effect must still see what arrived.
  const [hash] = useState(() => window.location.hash);

  useEffect(() => {
    let isCurrent = true;
    const timeout = setTimeout(() => {
      if (!isCurrent) return;
      isCurrent = false;
      setError(COPY.callbackTimeout);
    }, CALLBACK_TIMEOUT_MS);

    const finish = async () => {
      setStep('checking');
      const session = await refreshSession(queryClient);
      if (!isCurrent) return;

      if (!session.user) {
        setStep('extracting');
        const tokens = readHashTokens(hash);
        clearHash();
        if (!tokens) throw new CallbackError(COPY.callbackTokensMissing);
        setStep('setting');
        throw new CallbackError(COPY.callbackSessionFailed);
      }

      clearHash();
      setStep('complete');
      clearTimeout(timeout);
      await navigate(session.access.kind === 'none' ? '/connect-facebook' : '/app/chats', { replace: true });
    };

    finish().catch((finishError: unknown) => {
      if (!isCurrent) return;
      clearTimeout(timeout);
      if (finishError instanceof CallbackError) {
        setError(finishError.message);
        return;
      }
      console.error('Login finalisation failed', finishError);
      setError(COPY.callbackUnexpected);
    });

    return () => {
      isCurrent = false;
      clearTimeout(timeout);
    };
  }, [hash, navigate, queryClient]);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-5">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl bg-white p-7 shadow-card ring-1 ring-slate-200">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">{COPY.finalizingLogin}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {error ? "We couldn't finish signing you in." : 'Hold on while we sign you in.'}
          </p>
          <div className="mt-6">
            {error ? (
              <div className="space-y-5">
                <Alert testId="callback-error">{error}</Alert>
                <Button block onClick={() => void navigate('/sign-in', { replace: true })}>
                  {COPY.returnToLogin}
                </Button>
              </div>
            ) : (
              <LoginProgress step={step} />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
