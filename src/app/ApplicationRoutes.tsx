// One application's screens (/panel/application/:rid/*), a chunk of their own: the application's actors carry the
// step schemas' validators (about 300 KB raw), which the other panel screens do not use (docs/decisions/062-small-chunks.md).
export { ApplicationLayout } from '#features/application/components/ApplicationLayout';
export { ConfirmationPage as ApplicationConfirmationPage } from '#features/application/components/ConfirmationPage';
export { StartPage as ApplicationStartPage } from '#features/application/components/StartPage';
export {
  Step1Page as ApplicationStep1Page,
  Step2Page as ApplicationStep2Page,
  Step3Page as ApplicationStep3Page,
  Step6Page as ApplicationStep6Page,
} from '#features/application/components/StepPages';
export { SubmitPage as ApplicationSubmitPage } from '#features/application/components/SubmitPage';
