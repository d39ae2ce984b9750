/**
 * The first paint of the field-kit pages (login.html and register-employee.html, DECISIONS 200),
 * rendered at build time. Built by `vite build -c vite.field.config.ts --ssr src/field-prerender.tsx`,
 * where 'react-dom/server' is Preact's renderer: each page's client (src/login-main.tsx,
 * src/register-employee-main.tsx, on Preact too) hydrates the very markup it writes, ids from
 * useId included. `scripts/prerender.mjs` puts each copy into its HTML entry. What is rendered is a
 * first visit's: signed out, nothing in storage, no query string.
 */
import { renderToString } from 'react-dom/server';
import { LoginPage } from './features/auth/routes/login-page.tsx';
import { RegisterEmployeePage } from './features/registration/routes/register-employee-page.tsx';

/** The field-kit pages: path -> their HTML entry and their screen. */
export const FIELD_PAGES = {
  '/login': { html: 'login.html', render: () => renderToString(<LoginPage />) },
  '/register-employee': {
    html: 'register-employee.html',
    render: () => renderToString(<RegisterEmployeePage search="" />),
  },
};
