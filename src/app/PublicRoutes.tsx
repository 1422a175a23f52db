// The public pages a signed-out visitor starts from (the landing page with its interest form, an event's registration,
// sign-in and password reset): one lazy chunk, so signed-in screens never download them
// (docs/decisions/066-boot-closure.md). The prerendered pages preload it with the entry (scripts/prerender.ts).
import { InterestBlock } from '#features/events/components/InterestBlock';
import { HomePage } from '#features/home/components/HomePage';

export { LoginPage } from '#features/auth/components/LoginPage';
export { PasswordResetConfirmPage } from '#features/auth/components/PasswordResetConfirmPage';
export { PasswordResetPage } from '#features/auth/components/PasswordResetPage';
export { SubmissionPage } from '#features/events/components/SubmissionPage';

/** The landing page with the open interest form's block. */
export function LandingPage() {
  return <HomePage interestBlock={<InterestBlock />} />;
}
