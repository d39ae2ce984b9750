/**
 * The first paint of the public pages, rendered at build time (issue #32, DECISIONS 176): a phone
 * on a slow network shows the sign-in form and the claim's first step as soon as the HTML has
 * come, before the JavaScript. `scripts/prerender.mjs` runs this module (built by
 * `vite build --ssr`) and writes `dist/prerendered/<page>.html`; the server sends that file for
 * the page's path. The claim's app then starts as it always does and draws the same screen in its
 * place (src/main.tsx). The field-kit pages (/login, DECISIONS 200) are rendered by
 * src/field-prerender.tsx, on Preact as their client is. What is rendered is a first visit's:
 * signed out, nothing in localStorage.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/router.tsx';

/** The app's pages whose first paint is in their HTML: the ones a phone opens signed out. */
export const PRERENDERED_PAGES = ['/register-employee'] as const;

export interface PrerenderedPage {
  /** The screen's markup, for inside #root. */
  body: string;
  /** The styles it uses, as <style> tags for the <head>. */
  styles: string;
}

export async function prerender(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a screen`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Emotion's class names are the same as the browser's default cache ('css'), which adopts these
  // style tags at start-up instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const body = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  return { body, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body)) };
}
