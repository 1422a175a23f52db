// The four step screens: /1 person, /2 business, /3 owners + household + training (three steps, each with its own
// machine, status and "Submit step"), /6 agreement and certification. Every one is titled 'Applying'.
import { useEffect, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { StepNumber } from '#machines/step/step.types';
import { MAIN_HEADING_ID } from '#components/ui/PageHeading';
import { useStepDraft, useStepForm, useStepReadonly } from '#features/application/hooks/use-step-form';
import { stepNames } from '#components/application/messages';
import { ApplicationFrame } from './ApplicationFrame';
import { CertificationDownload } from './CertificationDownload';
import { StepSection } from './StepSection';
import { AgreementFields, agreementFields } from './steps/AgreementFields';
import { BusinessFields, businessFields } from './steps/BusinessFields';
import { HouseholdFields, householdFields } from './steps/HouseholdFields';
import { NarrativeFields, narrativeFields } from './steps/NarrativeFields';
import { OwnersFields, ownerFields } from './steps/OwnersFields';
import { PersonFields, personFields } from './steps/PersonFields';
import { ownerCountOf } from '#components/application/draft';

const TOTAL = 6;

function Counter({ step }: { step: StepNumber }) {
  return <FormattedMessage id="application.frame.counter" values={{ step, total: TOTAL }} />;
}

const ownHeading = { level: 'h1', id: MAIN_HEADING_ID } as const;
const sectionHeading = { level: 'h2' } as const;

export function Step1Page() {
  const form = useStepForm(1);
  return (
    <ApplicationFrame screen={1} counter={<Counter step={1} />} title={<FormattedMessage {...stepNames[1]} />}>
      {form.readonly ? null : (
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="application.person.intro" />
        </p>
      )}
      <StepSection form={form} fields={personFields} heading={ownHeading}>
        {(errors) => <PersonFields form={form} errors={errors} />}
      </StepSection>
    </ApplicationFrame>
  );
}

export function Step2Page() {
  const form = useStepForm(2);
  return (
    <ApplicationFrame screen={2} counter={<Counter step={2} />} title={<FormattedMessage {...stepNames[2]} />}>
      {form.readonly ? null : (
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="application.business.intro" />
        </p>
      )}
      <StepSection form={form} fields={businessFields} heading={ownHeading}>
        {(errors) => <BusinessFields form={form} errors={errors} />}
      </StepSection>
    </ApplicationFrame>
  );
}

/** /3#step-4 and /3#step-5 (the step indicator's links): bring that section into view. */
function useSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const match = /^#step-([345])$/.exec(hash);
    if (!match) return;
    // The layout leaves focus here when the link names a part of the page (src/app/RootLayout.tsx useFocusOnNavigation).
    document.getElementById(`step-${match[1]}-title`)?.focus();
  }, [hash]);
}

// The /3 screen's three sections each read their own step: typing in one re-renders that section's row, and adding
// an owner re-renders the owners' section, not the household's or the narrative's (docs/decisions/068-quick-input.md).
function OwnersSection() {
  const form = useStepForm(3);
  const count = useStepDraft(3, ownerCountOf);
  const fields = useMemo(() => ownerFields(count), [count]);
  return (
    <StepSection form={form} fields={fields} heading={sectionHeading}>
      {(errors) => <OwnersFields form={form} errors={errors} />}
    </StepSection>
  );
}

function HouseholdSection() {
  const form = useStepForm(4);
  return (
    <StepSection form={form} fields={householdFields} heading={sectionHeading}>
      {(errors) => <HouseholdFields form={form} errors={errors} />}
    </StepSection>
  );
}

function NarrativeSection() {
  const form = useStepForm(5);
  return (
    <StepSection form={form} fields={narrativeFields} heading={sectionHeading}>
      {(errors) => <NarrativeFields form={form} errors={errors} />}
    </StepSection>
  );
}

export function Step3Page() {
  useSectionFromHash();
  const readonly = useStepReadonly(3);
  return (
    <ApplicationFrame
      screen={3}
      counter={<FormattedMessage id="application.frame.counterRange" values={{ from: 3, to: 5, total: TOTAL }} />}
      title={<FormattedMessage id="application.frame.screen3" />}
    >
      {readonly ? null : (
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="application.frame.screen3Intro" />
        </p>
      )}
      <div className="space-y-12">
        <OwnersSection />
        <HouseholdSection />
        <NarrativeSection />
      </div>
    </ApplicationFrame>
  );
}

export function Step6Page() {
  const form = useStepForm(6);
  return (
    <ApplicationFrame screen={6} counter={<Counter step={6} />} title={<FormattedMessage {...stepNames[6]} />}>
      {form.readonly ? null : (
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="application.agreement.intro" />
        </p>
      )}
      <StepSection form={form} fields={agreementFields} heading={ownHeading} intro={<CertificationDownload />}>
        {(errors) => <AgreementFields form={form} errors={errors} />}
      </StepSection>
    </ApplicationFrame>
  );
}
