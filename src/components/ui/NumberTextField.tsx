// A number typed as text (issue: numbers changed silently): the field shows exactly what was typed, and the value it
// reports is the number when the text is one, else the text itself, so the contract's check says what is wrong
// ("-2", "3.5", "1e3", "abc") and nothing is sent that the person did not type (docs/decisions/014-one-set-of-rules.md).
import { useState, type ComponentProps } from 'react';
import { TextField } from './Field';

/** The value of a typed number: null when empty, a number for plain decimal digits (a leading minus too), else the text. */
export function typedNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?[0-9]+(\.[0-9]+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const shown = (value: unknown): string => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

type NumberTextFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  /** What the draft holds: a number, the text that is none, or nothing. */
  value: unknown;
  onValueChange: (value: number | string | null) => void;
  /** An amount (a phone keypad with a decimal point); otherwise a whole number. */
  decimal?: boolean;
};

export function NumberTextField({ value, onValueChange, decimal = false, ...field }: NumberTextFieldProps) {
  // The text as typed ("007" stays "007"); it follows the value only when the value changes from elsewhere.
  const [text, setText] = useState(shown(value));
  const current = typedNumber(text) === value || (text.trim() === '' && (value === null || value === undefined)) ? text : shown(value);
  return (
    <TextField
      {...field}
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={current}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onValueChange(typedNumber(typed));
      }}
    />
  );
}
