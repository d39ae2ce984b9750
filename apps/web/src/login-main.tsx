/**
 * The sign-in page's own entry (DECISIONS 200, 213): Preact and the field kit, none of the app (no
 * router, MUI, Emotion, react-query or zod). It hydrates the copy the build pre-rendered into
 * login.html (scripts/prerender.mjs); a signed-in visitor goes straight to their home instead.
 */
import { StrictMode } from 'react';
import './field-kit/field-kit.css';
import { mountPage } from './field-kit/mount.tsx';
import { LoginPage, signedInHome } from './features/auth/routes/login-page.tsx';

// In a task of its own: the module runs at the end of parsing, in the task that also lays the copy
// out for the first time (the browser's autofill asks for it); hydrating there made one long task
// of both. The copy is on screen and readable meanwhile.
setTimeout(() => {
  const home = signedInHome();
  if (home) {
    window.location.replace(home);
  } else {
    mountPage(
      <StrictMode>
        <LoginPage />
      </StrictMode>,
    );
  }
}, 0);
