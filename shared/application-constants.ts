// The numbers and patterns of an application that the server, the machines and the SPA all obey, defined once.
// Where openapi.yaml can say the same (the step parameter, the SSN patterns), tests/unit/application-constants.test.ts
// checks that it says it with these values.

/** An application has six steps, numbered from 1 (docs/decisions/005-application-lifecycle.md). */
export const STEP_COUNT = 6;
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;
export const STEP_NUMBERS = [1, 2, 3, 4, 5, 6] as const satisfies readonly StepNumber[];
/** `never` unless STEP_NUMBERS misses a step, or holds more than STEP_COUNT. */
export const everyStepListed: [Exclude<StepNumber, (typeof STEP_NUMBERS)[number]>] extends [never]
  ? (typeof STEP_NUMBERS)['length'] extends typeof STEP_COUNT
    ? true
    : never
  : never = true;

export const isStepNumber = (value: number): value is StepNumber => STEP_NUMBERS.some((step) => step === value);

/** The four step screens: steps 4 and 5 are sections of the /3 screen (docs/product.md section 11). */
export type StepScreen = 1 | 2 | 3 | 6;
export const screenOfStep: Record<StepNumber, StepScreen> = { 1: 1, 2: 2, 3: 3, 4: 3, 5: 3, 6: 6 };

/** Step 3 takes at most this many owners (openapi.yaml Step3Data owners maxItems): one documents field each. */
export const MAX_OWNERS = 20;

/** The signed intake form: 20 MB at most, counted as 20 MiB ("Your file is too large. It must be 20MB or smaller."). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The field the server names in step 6's refusal when the intake form is missing (and in the upload's own errors). */
export const INTAKE_FORM_FIELD = 'intake_form';

/** Only the last 4 digits of the SSN are ever kept: exactly 4 ASCII digits (openapi.yaml components/schemas/SsnLast4). */
export const SSN_LAST4_PATTERN = /^[0-9]{4}$/;
/** The same rule for an `<input pattern>`, which is anchored by the browser. */
export const SSN_LAST4_INPUT_PATTERN = SSN_LAST4_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * What an SSN field keeps of what was typed or pasted: the digits, and of them the last 4 ("123-45-6789" -> "6789").
 * A whole number typed or pasted keeps its last four, never its first (a `maxLength` of 4 would cut a paste there).
 */
export const ssnLast4Of = (typed: string): string => typed.replace(/[^0-9]/g, '').slice(-4);
