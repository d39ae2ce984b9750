/** See excel-dates.mjs. */
export function serialToIsoDate(
  serial: number,
  system?: { date1904?: boolean; libreOffice?: boolean },
): string | undefined;
