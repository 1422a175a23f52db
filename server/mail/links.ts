// The addresses e-mails give the applicant: the exact screen where they act, built from PUBLIC_URL and the SPA's panel
// routes (docs/decisions/041-what-applicants-are-told.md). Steps 4 and 5 are sections of the /3 screen (DESIGN's
// steps; src/app/PanelRoutes.tsx redirects /4 and /5 there), so a link to them opens /3.
import type { StepNumber } from '#shared/application-constants.ts';

/** The panel route of a step: /1, /2, /3 (which holds steps 3, 4 and 5) or /6. */
export const stepScreen = (step: StepNumber): 1 | 2 | 3 | 6 => (step === 4 || step === 5 ? 3 : step);

/** The application's screen of that step, e.g. https://portal.example.org/panel/application/12/3. */
export const applicationStepLink = (publicUrl: string, applicationId: number, step: StepNumber): string =>
  `${publicUrl}/panel/application/${applicationId}/${stepScreen(step)}`;
