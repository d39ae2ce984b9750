/**
 * The claim page's own entry (issue #32, as /login's, DECISIONS 200): Preact and the field kit,
 * none of the app (no router, MUI, Emotion, react-query or zod). It hydrates the copy the build
 * pre-rendered into register-employee.html (scripts/prerender.mjs), a first, signed-out visit's;
 * a signed-in visitor (an agent gets the agent's claim) has the page drawn anew in its place.
 */
import { StrictMode } from 'react';
import './field-kit/field-kit.css';
import { mountPage } from './field-kit/mount.tsx';
import { RegisterEmployeePage } from './features/registration/routes/register-employee-page.tsx';
import { readSession } from './lib/auth-storage.ts';

mountPage(
  <StrictMode>
    <RegisterEmployeePage search={window.location.search} />
  </StrictMode>,
  { hydrate: readSession() === null },
);
