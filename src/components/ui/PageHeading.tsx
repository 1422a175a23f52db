// The page's one <h1>. It is where focus lands after each route change (tabIndex -1: focusable by script only).
import type { ReactNode } from 'react';

export const MAIN_HEADING_ID = 'main-heading';

interface PageHeadingProps {
  children: ReactNode;
  className?: string;
  /** White text, for a heading on a dark band. */
  inverse?: boolean;
}

export function PageHeading({ children, className = '', inverse = false }: PageHeadingProps) {
  const color = inverse ? 'text-white' : 'text-gray-900';
  return (
    <h1 id={MAIN_HEADING_ID} tabIndex={-1} className={`text-3xl font-bold ${color} ${className}`.trim()}>
      {children}
    </h1>
  );
}
