import { useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { listThreads, messageKeys } from '../../api/messages.ts';

/** The member's conversations, newest first: the inbox, and a conversation's page (cached between them). */
export function useThreads(session: Session) {
  return useQuery({ queryKey: messageKeys.threads(session.user.id), queryFn: () => listThreads() });
}
