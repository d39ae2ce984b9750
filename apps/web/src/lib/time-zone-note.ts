import { zoneLabel } from '@portal/contract/zone-label';

/** 'Times in Africa/Lagos (GMT+1)': what a screen says of the zone its moments are in. */
export function timeZoneNote(zone: string): string {
  return `Times in ${zoneLabel(zone)}`;
}
