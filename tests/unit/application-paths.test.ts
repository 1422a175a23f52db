// Where the application's links go, route ids, the certification file name, and calendar days shown without
// drifting a day across time zones.
import { describe, expect, it } from 'vitest';
import { applicationPaths, continuePath, parseId } from '#lib/application-paths';
import { fileNameFromDisposition } from '#api/applications';
import { dayToDate } from '#lib/dates';

describe('parseId', () => {
  it('takes positive 32-bit integers only', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const raw of [undefined, '', '0', '-1', '07', '1.5', 'abc', '2147483648', '1e3']) expect(parseId(raw)).toBeNull();
  });
});

describe('continuePath', () => {
  const steps = (submitted: number[]) => [1, 2, 3, 4, 5, 6].map((step) => ({ step, status: submitted.includes(step) ? 'submitted' : 'incomplete' }));

  it('goes to the screen of the first step not submitted', () => {
    expect(continuePath(9, steps([]))).toBe('/panel/application/9/1');
    expect(continuePath(9, steps([1, 2]))).toBe('/panel/application/9/3');
    expect(continuePath(9, steps([1, 2, 3]))).toBe('/panel/application/9/3#step-4');
    expect(continuePath(9, steps([1, 2, 3, 4, 5]))).toBe('/panel/application/9/6');
  });

  it('goes to "check your answers" when every step is submitted', () => {
    expect(continuePath(9, steps([1, 2, 3, 4, 5, 6]))).toBe(applicationPaths.submit(9));
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="certificacion-3.pdf"; filename*=UTF-8''certificaci%C3%B3n-3.pdf`)).toBe('certificación-3.pdf');
    expect(fileNameFromDisposition('attachment; filename="certification-3.pdf"')).toBe('certification-3.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});

describe('dayToDate', () => {
  it('reads a calendar day as midnight UTC, refusing impossible days', () => {
    expect(dayToDate('2027-02-19')?.toISOString()).toBe('2027-02-19T00:00:00.000Z');
    expect(dayToDate('2027-02-30')).toBeNull();
    expect(dayToDate('19/02/2027')).toBeNull();
  });
});
