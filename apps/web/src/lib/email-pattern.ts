/**
 * zod 4's e-mail pattern (`z.regexes.email`), which the contract's `.email()` uses, for the field
 * pages that check an e-mail by hand and load no zod (DECISIONS 200). Their tests hold each check
 * to the contract's schema.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
