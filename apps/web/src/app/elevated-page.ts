const ELEVATED_PREFIXES = ['/profile', '/settings', '/admin'] as const;

/** Paths starting with /profile, /settings or /admin get the elevated page style (SPEC §1). */
export function isElevatedPage(pathname: string): boolean {
  return ELEVATED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
