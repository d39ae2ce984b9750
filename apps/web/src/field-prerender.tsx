/**
 * The first paint of the field-kit pages (login.html, register-employee.html, agent.html; DECISIONS 200),
 * rendered at build time. Built by `vite build -c vite.field.config.ts --ssr src/field-prerender.tsx`,
 * where 'react-dom/server' is Preact's renderer: each page's client (src/login-main.tsx,
 * src/register-employee-main.tsx, on Preact too) hydrates the very markup it writes, ids from
 * useId included. `scripts/prerender.mjs` puts each copy into its HTML entry. What is rendered is a
 * first visit's: signed out, nothing in storage, no query string.
 */
import { renderToString } from 'react-dom/server';
import { LoginPage } from './features/auth/routes/login-page.tsx';
import { RegisterEmployeePage } from './features/registration/routes/register-employee-page.tsx';
import { AGENT_VERIFY_PATH, AgentDashboardPage } from './app/dashboards/routes/agent-dashboard.tsx';

/** The field-kit pages: path -> their HTML entry and their screen. */
export const FIELD_PAGES = {
  '/login': { html: 'login.html', render: () => renderToString(<LoginPage />) },
  '/register-employee': {
    html: 'register-employee.html',
    render: () => renderToString(<RegisterEmployeePage search="" />),
  },
  // Signed in: the frame and what does not depend on the agent (the desk's headings and search,
  // the identity check); the answers, the person and the top bar's user come after hydration.
  [AGENT_VERIFY_PATH]: { html: 'agent.html', render: () => renderToString(<AgentDashboardPage />) },
};
