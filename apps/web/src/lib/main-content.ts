import type { MouseEvent } from 'react';

/** The id of the page's main landmark, which the skip link moves to (the app's and the field kit's). */
export const MAIN_CONTENT_ID = 'main-content';

/** The skip link's click: focus the main landmark programmatically, as a hash change would also reach the router as a navigation. */
export function focusMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}
