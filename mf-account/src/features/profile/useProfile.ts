import { useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { loadProfile, profileKeys, publicUrl } from '../../api/profile.ts';

/** The member's profile and their picture's address: one read shared by every account screen (cached between them). */
export function useProfile(session: Session) {
  return useQuery({
    queryKey: profileKeys.mine(session.user.id, session.user.email),
    queryFn: async () => {
      const profile = await loadProfile(session.user.id);
      return { profile, avatarUrl: profile.avatarPath ? await publicUrl('avatars', profile.avatarPath) : null };
    },
  });
}
