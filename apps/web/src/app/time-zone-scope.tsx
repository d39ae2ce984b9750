import { Fragment, useEffect, type ReactNode } from 'react';
import { useMe } from '../features/auth/api/get-me.ts';
import { setDisplayTimeZone } from '../lib/format.ts';
import { useDisplayTimeZone } from '../lib/use-display-time-zone.ts';

/**
 * Shows every moment in the signed-in user's tenant's time zone (issue #31 item 12): `me` says
 * it, lib/format.ts formats in it. The screens below are drawn again when it changes (the first
 * `me` of a tenant outside Lagos, a setting changed), so no date stays in the zone before.
 */
export function TimeZoneScope({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const fromMe = me?.timeZone;
  useEffect(() => {
    if (fromMe) setDisplayTimeZone(fromMe);
  }, [fromMe]);
  const zone = useDisplayTimeZone();
  return <Fragment key={zone}>{children}</Fragment>;
}
