/**
 * Full page loads: the sign-in page and the app are separate pages (DECISIONS 200), so going from
 * one to the other loads the other. One object, so the unit tests can stand in for it (jsdom
 * navigates nowhere).
 */
export const pageLoad = {
  /** Opens `url` in place of this page: Back does not return here. */
  replace: (url: string): void => window.location.replace(url),
};
