// The page's one <h1>. It is where focus lands after each route change (tabIndex -1: focusable by script only).
import type { ReactNode } from 'react';

export const MAIN_HEADING_ID = 'main-heading';

/** Set while a focused heading is being replaced in one commit, read by the heading that replaces it. */
let focusedHeadingLeft = false;

/**
 * Keeps focus on the page's heading when a screen swaps its loading heading for the loaded one (the print view, the
 * news editor): the route change focused the first, and without this its removal would drop focus to <body>, leaving
 * keyboard and screen-reader users at the top of the document. Module level, so React calls it once per mount.
 */
const keepFocus = (element: HTMLHeadingElement | null): (() => void) => {
  if (element && focusedHeadingLeft && (document.activeElement === null || document.activeElement === document.body)) element.focus();
  focusedHeadingLeft = false;
  return () => {
    if (element === null || document.activeElement !== element) return;
    // React detaches the ref before it removes the element, so the element still has focus here.
    focusedHeadingLeft = true;
    queueMicrotask(() => {
      focusedHeadingLeft = false;
    });
  };
};

interface PageHeadingProps {
  children: ReactNode;
  className?: string;
  /** White text, for a heading on a dark band. */
  inverse?: boolean;
}

export function PageHeading({ children, className = '', inverse = false }: PageHeadingProps) {
  const color = inverse ? 'text-white' : 'text-gray-900';
  return (
    <h1 ref={keepFocus} id={MAIN_HEADING_ID} tabIndex={-1} className={`text-3xl font-bold ${color} ${className}`.trim()}>
      {children}
    </h1>
  );
}
