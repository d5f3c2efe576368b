import type { SessionResponse } from '@common/api/auth';
import { CONNECT_MSG } from '@common/api/whatsapp';
import { APP_HOME } from '@common/guards';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { refreshSession } from '../../api/session';
import { connectEmbedded, sandboxSignup } from '../../api/whatsapp';
import { useSession } from '../../hooks/useSession';
import {
  broadcastSignupMessage,
  listenForSignupMessages,
  readSignupMessage,
  SIGNUP_MESSAGE_TYPE,
  type SignupMessage,
  type SignupSessionData,
  signupMessageError,
} from './embeddedSignupMessages';
import {
  embeddedSignupLoginOptions,
  type FacebookLoginResponse,
  type FacebookSdk,
  loadFacebookSdk,
  SDK_MSG,
} from './facebookSdk';

/** How 'Continue with Facebook' runs on this server. */
export type ConnectMethod = 'facebook' | 'sandbox' | 'none';

export const CONNECT_NOT_CONFIGURED =
  'Continue with Facebook is not set up on this server (META_APP_ID and META_CONFIG_ID). Connect with an access token below instead.';

/** The step the sandbox's signup window is on when it is cancelled (one of Meta's current_step values). */
export const SANDBOX_SIGNUP_STEP = 'WHATSAPP_BUSINESS_PROFILE_SETUP';

/** After the login callback, how long to wait for the FINISH message that carries the ids. */
const FINISH_GRACE_MS = 1_500;

export function connectMethodOf(features: SessionResponse['features'] | undefined): ConnectMethod {
  if (features?.facebook) return 'facebook';
  if (features?.sandbox) return 'sandbox';
  return 'none';
}

/** Refreshes the session (now with an account) and goes to the inbox. */
export function useFinishConnection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await refreshSession(queryClient).catch(() => undefined);
    await navigate(APP_HOME, { replace: true });
  }, [navigate, queryClient]);
}

export type SandboxSignupWindow = {
  isOpen: boolean;
  isSubmitting: boolean;
  /** Like Meta's window reporting FINISH: creates the sandbox number and connects it. */
  finish: (businessName: string) => Promise<void>;
  /** Like Meta's window reporting CANCEL at its current step. */
  cancel: () => void;
};

export type WhatsAppConnect = {
  method: ConnectMethod;
  /** False while the Facebook SDK is still loading. */
  isReady: boolean;
  isConnecting: boolean;
  error: string | null;
  connect: () => void;
  sandbox: SandboxSignupWindow;
};

type SdkState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; sdk: FacebookSdk };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 'Continue with Facebook': Meta's embedded signup through the Facebook JS SDK when the server has a
 * Meta app, or the built-in sandbox's stand-in window otherwise. Either way the code goes to
 * POST /api/whatsapp/connect/embedded and a connected user lands on /app/chats.
 */
export function useWhatsAppConnect(): WhatsAppConnect {
  const { data: session } = useSession();
  const finishConnection = useFinishConnection();
  const method = connectMethodOf(session?.features);
  const appId = session?.features.facebook?.appId;
  const configId = session?.features.facebook?.configId;

  const [sdkState, setSdkState] = useState<SdkState>({ status: 'idle' });
  const [isConnecting, setIsConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSandboxOpen, setIsSandboxOpen] = useState(false);
  const [isSandboxSubmitting, setIsSandboxSubmitting] = useState(false);

  /** The FINISH ids of the current attempt. */
  const sessionData = useRef<SignupSessionData | null>(null);
  /** Set once the current attempt ended with CANCEL or ERROR, so a later login callback keeps that text. */
  const endedByMessage = useRef(false);
  const stopListening = useRef<(() => void) | null>(null);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      stopListening.current?.();
    };
  }, []);

  useEffect(() => {
    if (method !== 'facebook' || !appId) return;
    setSdkState({ status: 'loading' });
    const { promise, cancel } = loadFacebookSdk(appId);
    let isCurrent = true;
    promise.then(
      (sdk) => isCurrent && setSdkState({ status: 'ready', sdk }),
      () => {
        if (!isCurrent) return;
        setSdkState({ status: 'failed' });
        setError(SDK_MSG.failedToLoad);
      },
    );
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [method, appId]);

  const applyMessage = useCallback((message: SignupMessage) => {
    if (message.kind === 'finish') {
      sessionData.current = message.data;
      return;
    }
    endedByMessage.current = true;
    if (!isMounted.current) return;
    setError(signupMessageError(message));
    setIsConnecting(false);
  }, []);

  const exchangeCode = useCallback(
    async (code: string) => {
      try {
        await connectEmbedded({ code, ...(sessionData.current ?? {}) });
        await finishConnection();
      } catch (connectError) {
        if (!isMounted.current) return;
        setError(errorMessage(connectError, CONNECT_MSG.failed));
        setIsConnecting(false);
      }
    },
    [finishConnection],
  );

  const handleLogin = useCallback(
    async (response: FacebookLoginResponse) => {
      if (response.status !== 'connected') {
        // A CANCEL message from the signup window says more than "login failed": keep its text.
        if (!endedByMessage.current) setError(SDK_MSG.loginFailed);
        setIsConnecting(false);
        return;
      }
      const code = response.authResponse?.code;
      if (!code) {
        setError(CONNECT_MSG.noCode);
        setIsConnecting(false);
        return;
      }
      // Meta usually posts FINISH before calling back; give it a moment when it has not yet.
      for (let waited = 0; !sessionData.current && waited < FINISH_GRACE_MS; waited += 100) await sleep(100);
      await exchangeCode(code);
    },
    [exchangeCode],
  );

  const startAttempt = () => {
    setError(null);
    sessionData.current = null;
    endedByMessage.current = false;
    setIsConnecting(true);
  };

  const connect = () => {
    if (isConnecting) return;
    if (!session?.user) {
      setError(SDK_MSG.noUser);
      return;
    }
    if (method === 'none') {
      setError(CONNECT_NOT_CONFIGURED);
      return;
    }
    if (method === 'sandbox') {
      startAttempt();
      setIsSandboxOpen(true);
      return;
    }
    if (sdkState.status !== 'ready' || !configId) {
      setError(SDK_MSG.notLoaded);
      return;
    }
    startAttempt();
    stopListening.current?.();
    stopListening.current = listenForSignupMessages(applyMessage);
    // FB.login opens a popup: it must run in the click's own task, and its callback must not be async.
    sdkState.sdk.login((response) => {
      void handleLogin(response);
    }, embeddedSignupLoginOptions(configId));
  };

  /** The sandbox window's messages take the same path as Facebook's (minus the origin check). */
  const receiveSandboxMessage = (raw: unknown) => {
    const message = readSignupMessage(raw);
    if (!message) return;
    broadcastSignupMessage(message);
    applyMessage(message);
  };

  const sandbox: SandboxSignupWindow = {
    isOpen: isSandboxOpen,
    isSubmitting: isSandboxSubmitting,
    finish: async (businessName: string) => {
      setIsSandboxSubmitting(true);
      try {
        const signup = await sandboxSignup(businessName);
        receiveSandboxMessage({ type: signup.type, event: signup.event, data: signup.data });
        await exchangeCode(signup.code);
      } catch (signupError) {
        if (!isMounted.current) return;
        setError(errorMessage(signupError, CONNECT_MSG.failed));
        setIsConnecting(false);
      } finally {
        if (isMounted.current) {
          setIsSandboxSubmitting(false);
          setIsSandboxOpen(false);
        }
      }
    },
    cancel: () => {
      setIsSandboxOpen(false);
      receiveSandboxMessage({
        type: SIGNUP_MESSAGE_TYPE,
        event: 'CANCEL',
        data: { current_step: SANDBOX_SIGNUP_STEP },
      });
    },
  };

  return {
    method,
    isReady: method !== 'facebook' || (sdkState.status !== 'loading' && sdkState.status !== 'idle'),
    isConnecting,
    error,
    connect,
    sandbox,
  };
}
