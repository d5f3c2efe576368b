import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/session';

/** The signed-in user, profile and account access. Route guards have usually loaded it already. */
export function useSession() {
  return useQuery(sessionQuery);
}
