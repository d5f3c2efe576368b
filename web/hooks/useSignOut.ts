import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../api/auth';
import { SESSION_QUERY_KEY, SIGNED_OUT_SESSION } from '../api/session';

/** Ends the session, forgets every cached query and goes to `to` (the sign-in page by default). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const handleSignOut = useCallback(
    async (to = '/sign-in') => {
      setIsSigningOut(true);
      try {
        await signOut();
      } catch (error) {
        // The cookie may already be gone; the user still expects to be signed out here.
        console.error('Sign out failed', error);
      }
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT_SESSION);
      setIsSigningOut(false);
      await navigate(to, { replace: true });
    },
    [navigate, queryClient],
  );

  return { signOut: handleSignOut, isSigningOut };
}
