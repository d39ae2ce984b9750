import { DEFAULT_TIME_ZONE, zoneLabel } from '@portal/contract/zone-label';

const noteOf = (label: string) => `Times in ${label}`;

/** 'Times in Africa/Lagos (GMT+1)': what a screen says of the zone its moments are in. */
export function timeZoneNote(zone: string): string {
  return noteOf(zoneLabel(zone));
}

/**
 * The field pages' build (vite.field.config.ts) writes the platform zone's label in when the zone
 * has one offset all year (Africa/Lagos): a browser's first Intl object starts ICU, 60–130 ms of
 * the main thread, which the sign-in page then skips. Elsewhere (the app, tests, the dev server)
 * it is undefined and the label is made here.
 */
declare const __PLATFORM_ZONE_LABEL__: string | null | undefined;

/** timeZoneNote(DEFAULT_TIME_ZONE), with the build's label when it wrote one. */
export function platformZoneNote(): string {
  return noteOf(
    typeof __PLATFORM_ZONE_LABEL__ === 'string' ? __PLATFORM_ZONE_LABEL__ : zoneLabel(DEFAULT_TIME_ZONE),
  );
}
