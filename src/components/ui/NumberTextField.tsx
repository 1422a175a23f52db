// A number typed as text (numbers used to change silently): the field shows exactly what was typed, and the value it
// reports is the number when the text is one, else the text itself, so the contract's check says what is wrong
// ("-2", "3.5", "1e3", "abc") and nothing is sent that the person did not type (docs/decisions/014-one-set-of-rules.md).
import { useState, type ComponentProps } from 'react';
import { TextField } from './Field';

/**
 * The value of a typed number: null when empty, a number for plain decimal digits (a leading minus too), else the text.
 * Commas that group thousands as Puerto Rico writes them ("4,500.50", "18,000") are read too; a comma anywhere else
 * ("4,50", "45,00.1") stays text, so the contract's check names it rather than a number being guessed.
 */
export function typedNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(trimmed)) return Number(trimmed);
  if (/^-?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]+)?$/.test(trimmed)) return Number(trimmed.replaceAll(',', ''));
  return trimmed;
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
