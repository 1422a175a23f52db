// The USWDS alert: a bordered box with an optional heading for news the person must notice (info, success,
// warning, error). `role` is left to the caller: a live region only where the text appears after an action.
import type { HTMLAttributes, ReactNode } from 'react';

type Kind = 'info' | 'success' | 'warning' | 'error';

const kindClass: Record<Kind, string> = {
  info: 'border-blue-800 bg-blue-50',
  success: 'border-green-800 bg-green-50',
  warning: 'border-yellow-600 bg-yellow-50',
  error: 'border-red-800 bg-red-50',
};

interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  kind: Kind;
  heading?: ReactNode;
  /** The heading level that fits the page outline. */
  level?: 2 | 3;
  children?: ReactNode;
}

export function Alert({ kind, heading, level = 2, children, className = '', ...rest }: AlertProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`rounded-md border-l-8 p-4 text-gray-900 ${kindClass[kind]} ${className}`.trim()} {...rest}>
      {heading ? <Heading className="text-lg font-bold">{heading}</Heading> : null}
      {children ? <div className={heading ? 'mt-1 space-y-2' : 'space-y-2'}>{children}</div> : null}
    </div>
  );
}
