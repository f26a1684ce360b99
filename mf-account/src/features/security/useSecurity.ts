import { useQuery } from '@tanstack/react-query';
import { useSession } from '@stitchhouse/shared';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { loadSecurity, securityKeys } from '../../api/security.ts';

/** The member's authenticator, recovery codes left and the session's level (the authenticator section and the danger zone's delete). */
export function useSecurity() {
  const { session } = useSession();
  return useQuery({ queryKey: securityKeys.mine(session?.user.id ?? ''), queryFn: () => loadSecurity() });
}

/** After enrolling, removing, new codes or a confirmed code (aal2): every section showing them reads them again. */
export function securityChanged(): void {
  void queryClient.invalidateQueries({ queryKey: securityKeys.all });
}
