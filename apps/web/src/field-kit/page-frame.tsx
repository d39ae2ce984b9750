import { useEffect, useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { focusMain, MAIN_CONTENT_ID } from '../lib/main-content.ts';

export interface PageFrameProps {
  /** The product title in the top bar, a link home. */
  title: string;
  skipLinkLabel: string;
  /** The foot's 'Times in …' note (the pre-rendered copy's, so hydration matches). */
  footNote: string;
  /** The pre-rendered page's path: the copy is inert until this page is live (DECISIONS 176, 191). */
  prerenderedPath: string;
  /** Controls at the top bar's end (Sign Out). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the app's screens (app/app-shell.tsx) for a field-kit page: skip link, top bar,
 * <main>, foot. Until React has hydrated it, the page is the pre-rendered copy, marked
 * `data-prerendered` and `inert` as before (nothing can be typed into or sent); then the same
 * element loses both, so nothing is redrawn.
 */
export function PageFrame({
  title,
  skipLinkLabel,
  footNote,
  prerenderedPath,
  actions,
  children,
}: PageFrameProps) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <div className="fk-app" inert={!live} data-prerendered={live ? undefined : prerenderedPath}>
      <a className="fk-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
        {skipLinkLabel}
      </a>
      <header className="fk-top-bar">
        <div className="fk-toolbar">
          <a className="fk-title" href="/">
            {title}
          </a>
          {actions}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="fk-main">
        {children}
      </main>
      <footer className="fk-footer">
        <p data-testid="time-zone-note">{footNote}</p>
      </footer>
    </div>
  );
}

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** `xs` 444 px wide at most, `sm` 532 px, `md` a 500 px card on a 16 px gutter (SPEC §9's claim card). */
  width?: 'xs' | 'sm' | 'md';
  ref?: Ref<HTMLDivElement>;
  'data-testid'?: string;
}

/** A page's card (MUI Container + Paper elevation 3); other attributes go on the card itself. */
export function Card({ width = 'xs', ref, className, children, ...paper }: CardProps) {
  return (
    <div className={width === 'xs' ? 'fk-container' : `fk-container fk-container--${width}`}>
      <div {...paper} ref={ref} className={className ? `fk-card ${className}` : 'fk-card'}>
        {children}
      </div>
    </div>
  );
}
