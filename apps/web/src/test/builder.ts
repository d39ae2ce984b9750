/**
 * A test builder: the `defaults` an API would answer, with what a test overrides on top. The
 * defaults are made afresh for every call, so a test changing its object changes no other test's.
 */
export function builder<T extends object>(defaults: () => T) {
  return (overrides: Partial<T> = {}): T => ({ ...defaults(), ...overrides });
}
