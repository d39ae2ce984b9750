/**
 * Full page loads: the sign-in page and the app are separate pages (DECISIONS 200), so going from
 * one to the other loads the other. One object, so the unit tests can stand in for it (jsdom
 * navigates nowhere).
 */
let leavingFor: string | null = null;

export const pageLoad = {
  /**
   * Opens `url` in place of this page: Back does not return here. Once per page for one address:
   * signing in stores the token, whose listeners send the page home too, and a second
   * `location.replace` aborts the first navigation to start it again.
   */
  replace: (url: string): void => {
    if (leavingFor === url) return;
    leavingFor = url;
    window.location.replace(url);
  },
};
