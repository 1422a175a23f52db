// Buttons and button-looking links: 44px tall targets, a visible focus ring, AA contrast in every state.
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Variant = 'primary' | 'secondary' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-base font-semibold ' +
  'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

const variants: Record<Variant, string> = {
  primary: 'bg-blue-800 text-white hover:bg-blue-900',
  secondary: 'border-2 border-blue-800 bg-white text-blue-800 hover:bg-blue-50',
  danger: 'bg-red-800 text-white hover:bg-red-900',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

/**
 * `disabled` (a call in flight) is rendered as aria-disabled: a focused button that becomes `disabled` drops focus
 * to <body>, so a keyboard or screen-reader user who pressed it would lose their place when the call fails.
 * It stays focusable and is announced as unavailable; activating it (click, Enter, a form's implicit submit) does nothing.
 * Before a prerendered page is hydrated a click is held by the boot script and replayed after (src/app/boot.ts).
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled = false,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      aria-disabled={disabled || undefined}
      className={buttonClass(variant, className)}
      onClick={(event) => {
        if (disabled) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}

/** An inline text link: underlined, blue-800 on white (contrast 8.6:1). */
export const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950';
