// Typed reads of a step's draft. The autosave machine keeps drafts as plain records (it never looks inside);
// these read one field as the form needs it, whatever an old or foreign draft holds.
import type { DraftData } from '#machines/autosave/autosave.types';

export const textOf = (data: DraftData, key: string): string => {
  const value = data[key];
  return typeof value === 'string' ? value : '';
};

export const boolOf = (data: DraftData, key: string): boolean => data[key] === true;

export function choiceOf<T extends string>(data: DraftData, key: string, options: readonly T[]): T | null {
  const value = data[key];
  return options.find((option) => option === value) ?? null;
}

export function choicesOf<T extends string>(data: DraftData, key: string, options: readonly T[]): T[] {
  const value = data[key];
  if (!Array.isArray(value)) return [];
  return options.filter((option) => value.includes(option));
}

export function wholeNumberOf(data: DraftData, key: string): number | null {
  const value = data[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** One owner as the draft holds it (name, position, education_level, employment_status, id_files). */
export type Owner = Record<string, unknown>;

export function ownersOf(data: DraftData): Owner[] {
  const value = data.owners;
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown): Owner => (typeof item === 'object' && item !== null && !Array.isArray(item) ? { ...(item as Owner) } : {}));
}

/** How many owners the draft lists (ownersOf's length, without copying them). */
export const ownerCountOf = (data: DraftData): number => (Array.isArray(data.owners) ? data.owners.length : 0);
