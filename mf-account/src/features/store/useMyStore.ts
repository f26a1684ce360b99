import { useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { publicUrl } from '../../api/profile.ts';
import { myStore, storeKeys } from '../../api/store.ts';

/** The member's store (null: none yet) with its logo's and banner's addresses: the overview and the store screen share it. */
export function useMyStore(session: Session) {
  return useQuery({
    queryKey: storeKeys.mine(session.user.id),
    queryFn: async () => {
      const store = await myStore(session.user.id);
      const images = store
        ? {
            logo: store.logoPath ? await publicUrl('store-assets', store.logoPath) : null,
            banner: store.bannerPath ? await publicUrl('store-assets', store.bannerPath) : null,
          }
        : { logo: null, banner: null };
      return { store, images };
    },
  });
}
