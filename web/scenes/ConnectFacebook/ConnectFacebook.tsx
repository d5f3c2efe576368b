import { CheckIcon, ChevronDownIcon, InfoIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { FacebookIcon } from '../../components/FacebookLogo';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { SetupSteps } from '../../components/SetupSteps';
import { SignedInAs } from '../../components/SignedInAs';
import { COPY } from '../../copy';
import { useSession } from '../../hooks/useSession';
import { ManualConnectForm } from './components/ManualConnectForm';
import { SandboxSignupDialog } from './components/SandboxSignupDialog';
import { type ConnectMethod, useWhatsAppConnect } from './useWhatsAppConnect';

export const CONNECT_SAFETY_TIMEOUT_MS = 5_000;

const WHAT_HAPPENS: Record<ConnectMethod, string[]> = {
  facebook: [
    'Log in with the Facebook account that manages your business',
    'Choose or create your WhatsApp Business account',
    'Pick the phone number your team will answer from',
  ],
  sandbox: [
    'Name your business in the sandbox signup window',
    'The sandbox creates a test WhatsApp number for it',
    'Chat with your inbox as a customer from the sandbox phone',
  ],
  none: [
    'Copy your WhatsApp Business Account ID and phone number ID from Meta',
    'Create a system-user token in Meta Business Manager',
    'Paste them below: we check them with Meta before saving',
  ],
};

export function ConnectFacebook() {
  const { data: session, isPending } = useSession();
  const { method, isReady, isConnecting, error, connect, sandbox } = useWhatsAppConnect();
  const [isPastSafetyTimeout, setIsPastSafetyTimeout] = useState(false);
  const [showManual, setShowManual] = useState(false);
  const manualId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setIsPastSafetyTimeout(true), CONNECT_SAFETY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  if ((isPending || !isReady) && !isPastSafetyTimeout) return <FullPageSpinner />;

  const isExpired = Boolean(session?.access.account?.tokenExpired);
  const isManualOpen = showManual || method === 'none';

  return (
    <AuthLayout
      wide
      title={COPY.connectTitle}
      subtitle={isExpired ? COPY.connectExpired : COPY.connectSubtitle}
      corner={session?.user ? <SignedInAs email={session.user.email} /> : null}
      footer={
        <>
          We only request access to your WhatsApp Business account and never post on your behalf. Read our{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-slate-700">
            Privacy Policy
          </Link>
          .
        </>
      }
    >
      {!isExpired && <SetupSteps current="connect" />}
      <div className={`${isExpired ? '' : 'mt-8'} space-y-6`}>
        <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium text-slate-900">What happens next</p>
            {method === 'sandbox' && (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
                Sandbox mode
              </span>
            )}
          </div>
          <ol className="mt-3 space-y-2.5">
            {WHAT_HAPPENS[method].map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-slate-600">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-white text-[11px] font-semibold text-ink-800 ring-1 ring-slate-200">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
          <p className="mt-4 flex items-center gap-2 border-t border-slate-200 pt-4 text-xs text-slate-500">
            {method === 'sandbox' ? (
              <>
                <InfoIcon className="size-4 shrink-0 text-amber-500" />
                No Meta app is configured on this server, so its built-in sandbox plays Facebook.
              </>
            ) : (
              <>
                <CheckIcon className="size-4 shrink-0 text-brand-600" />
                Takes about two minutes. You can invite your team right after.
              </>
            )}
          </p>
        </div>

        {error && <Alert testId="connect-error">{error}</Alert>}

        <Button
          variant="facebook"
          size="lg"
          block
          onClick={connect}
          isLoading={isConnecting}
          loadingText={COPY.connecting}
          icon={<FacebookIcon className="size-5" />}
        >
          {COPY.continueWithFacebook}
        </Button>

        <div className="space-y-4">
          <div className="flex items-center gap-3 text-xs text-slate-400" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>

          <div className="rounded-xl ring-1 ring-slate-200">
            <button
              type="button"
              aria-expanded={isManualOpen}
              aria-controls={manualId}
              onClick={() => setShowManual((open) => !open)}
              className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50"
            >
              {COPY.connectWithTokenInstead}
              <ChevronDownIcon
                className={`size-4 text-slate-400 transition-transform ${isManualOpen ? 'rotate-180' : ''}`}
              />
            </button>
            {isManualOpen && (
              <div id={manualId} className="border-t border-slate-200 px-4 pt-4 pb-5">
                <ManualConnectForm isSandbox={method === 'sandbox'} />
              </div>
            )}
          </div>
        </div>
      </div>

      <SandboxSignupDialog
        isOpen={sandbox.isOpen}
        isSubmitting={sandbox.isSubmitting}
        defaultBusinessName={session?.profile?.companyName ?? ''}
        onFinish={(businessName) => void sandbox.finish(businessName)}
        onCancel={sandbox.cancel}
      />
    </AuthLayout>
  );
}
