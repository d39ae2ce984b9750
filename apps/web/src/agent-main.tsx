/**
 * The field agent's dashboard's own entry (issue #32, as /login's and /register-employee's,
 * DECISIONS 200): Preact and the field kit, none of the app (no router, MUI, Emotion, react-query
 * or zod). The page is signed in, so the guards the app's routes had (RequireLogin, RequireRole,
 * /dashboard/agent's redirect to verify) run here before anything is drawn; then it hydrates the
 * copy the build pre-rendered into agent.html (scripts/prerender.mjs): the frame and what does not
 * depend on the agent.
 */
import { StrictMode } from 'react';
import { homeForRole } from '@portal/contract/role-names';
import './field-kit/field-kit.css';
import './field-kit/field-kit-desk.css';
import { AGENT_VERIFY_PATH, AgentDashboardPage } from './app/dashboards/routes/agent-dashboard.tsx';
import { mountPage } from './field-kit/mount.tsx';
import { readSession } from './lib/auth-storage.ts';
import { pageLoad } from './lib/page-load.ts';

const session = readSession();
if (session === null) pageLoad.replace('/login');
else if (session.claims.role !== 'AGENT') pageLoad.replace(homeForRole(session.claims.role));
else {
  // SPEC §2: the dashboard's empty path is its verify page.
  if (window.location.pathname !== AGENT_VERIFY_PATH)
    window.history.replaceState(window.history.state, '', AGENT_VERIFY_PATH);
  // In a task of its own, as /login's (DECISIONS 213): the module runs at the end of parsing, in
  // the task that lays the copy out for the first time; hydrating there made one long task of both.
  setTimeout(
    () =>
      mountPage(
        <StrictMode>
          <AgentDashboardPage />
        </StrictMode>,
      ),
    0,
  );
}
