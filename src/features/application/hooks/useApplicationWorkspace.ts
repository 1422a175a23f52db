// The actors of one open application, created once from the fetched application: the application machine, a step
// machine and an autosave machine for each of the six steps, and the intake-form upload. They live as long as the
// application's screens, so moving between steps keeps every unsaved change, pending save and upload going.
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useLayoutEffect, useState } from 'react';
import {
  provideApplicationMachine,
  provideAutosaveMachine,
  provideStepMachine,
  provideUploadMachine,
  type ApplicationActorRef,
  type AutosaveActorRef,
  type StepActorRef,
  type UploadActorRef,
} from '../../../actors/application';
import { planDraft, readLocalCopy, removeLocalCopy } from '../../../actors/application-drafts';
import type { StepKey, StepStatuses } from '../../../../machines/application/application.types';
import type { StepNumber } from '../../../../machines/step/step.types';
import { MAX_UPLOAD_BYTES } from '../../../../machines/upload/upload.machine';
import type { Application } from '../api/applications';

export interface StepActors {
  step: StepActorRef;
  autosave: AutosaveActorRef;
}

export interface ApplicationWorkspace {
  /** The application as loaded (program, dates, ids): what no machine owns. */
  application: Application;
  app: ApplicationActorRef;
  steps: Record<StepNumber, StepActors>;
  upload: UploadActorRef;
}

export const WorkspaceContext = createContext<ApplicationWorkspace | null>(null);

export function useWorkspace(): ApplicationWorkspace {
  const workspace = useContext(WorkspaceContext);
  if (workspace === null) throw new Error('useWorkspace: render inside the application layout');
  return workspace;
}

export function useStepActors(step: StepNumber): StepActors {
  return useWorkspace().steps[step];
}

const stepKeys: readonly StepKey[] = ['1', '2', '3', '4', '5', '6'];

function serverStep(application: Application, step: number) {
  return application.steps.find((item) => item.step === step);
}

/** The application machine's input: incomplete/submitted per step, as the server reported them. */
export function stepStatusesOf(application: Application): StepStatuses {
  const entries = stepKeys.map((key) => [key, serverStep(application, Number(key))?.status ?? 'incomplete'] as const);
  return {
    '1': entries[0]?.[1] ?? 'incomplete',
    '2': entries[1]?.[1] ?? 'incomplete',
    '3': entries[2]?.[1] ?? 'incomplete',
    '4': entries[3]?.[1] ?? 'incomplete',
    '5': entries[4]?.[1] ?? 'incomplete',
    '6': entries[5]?.[1] ?? 'incomplete',
  };
}

/** Read-only as loaded: submitted, closed, or a program that is no longer open. */
export function isReadonlyAsLoaded(application: Application): boolean {
  return application.status !== 'draft' || application.program.status !== 'open';
}

function useStepPair(application: Application, step: StepNumber, app: ApplicationActorRef): StepActors {
  const queryClient = useQueryClient();
  const readonly = isReadonlyAsLoaded(application);
  const loaded = serverStep(application, step);
  // Decided once, when the actors are created: the server's draft, or this device's newer local copy.
  const [plan] = useState(() =>
    planDraft({ data: loaded?.data ?? {}, version: loaded?.version ?? 0 }, readLocalCopy({ applicationId: application.id, step }), readonly),
  );
  const autosave = useActorRef(provideAutosaveMachine(queryClient), {
    input: { applicationId: application.id, step, data: plan.data, version: plan.version },
  });
  const stepRef = useActorRef(provideStepMachine(queryClient, autosave, app), {
    input: { applicationId: application.id, step, status: loaded?.status ?? 'incomplete', readonly },
  });
  // Once the actors run: a restored local copy is a change the server has not seen, so send it as one; a copy that
  // says nothing new is deleted. (Doing either twice, as React's development double effects do, changes nothing.)
  const applicationId = application.id;
  useEffect(() => {
    if (plan.discardLocal) removeLocalCopy({ applicationId, step });
    if (!plan.restore) return;
    autosave.send({ type: 'autosave.change', data: plan.data });
    stepRef.send({ type: 'step.edit' });
  }, [autosave, stepRef, plan, applicationId, step]);
  return { step: stepRef, autosave };
}

export function useApplicationWorkspace(application: Application): ApplicationWorkspace {
  const queryClient = useQueryClient();
  const app = useActorRef(provideApplicationMachine(queryClient), {
    input: {
      id: application.id,
      status: application.status,
      programStatus: application.program.status,
      steps: stepStatusesOf(application),
    },
  });
  const s1 = useStepPair(application, 1, app);
  const s2 = useStepPair(application, 2, app);
  const s3 = useStepPair(application, 3, app);
  const s4 = useStepPair(application, 4, app);
  const s5 = useStepPair(application, 5, app);
  const s6 = useStepPair(application, 6, app);
  const upload = useActorRef(
    // An upload changes step 6 on the server (a submitted step 6 is incomplete again): the step machine follows.
    provideUploadMachine(queryClient, () => s6.step.send({ type: 'step.edit' })),
    { input: { applicationId: application.id, maxBytes: MAX_UPLOAD_BYTES, stored: application.intake_form } },
  );

  const a1 = s1.autosave;
  const a2 = s2.autosave;
  const a3 = s3.autosave;
  const a4 = s4.autosave;
  const a5 = s5.autosave;
  const a6 = s6.autosave;

  // The browser's network status and the page being hidden or closed are outside React and the machines:
  // forward them. Hiding or closing the page flushes every draft (the local copies keep them either way).
  useEffect(() => {
    const sendAll = (type: 'autosave.online' | 'autosave.offline' | 'autosave.flush') => {
      for (const autosave of [a1, a2, a3, a4, a5, a6]) autosave.send({ type });
    };
    const online = () => sendAll('autosave.online');
    const offline = () => sendAll('autosave.offline');
    const flush = () => sendAll('autosave.flush');
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    if (!navigator.onLine) offline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [a1, a2, a3, a4, a5, a6]);

  // Leaving the application's screens: send what is pending now rather than after the debounce. A layout
  // effect's cleanup runs before the passive one that stops the actors, so the saves are on their way.
  useLayoutEffect(
    () => () => {
      for (const autosave of [a1, a2, a3, a4, a5, a6]) autosave.send({ type: 'autosave.flush' });
    },
    [a1, a2, a3, a4, a5, a6],
  );

  return { application, app, steps: { 1: s1, 2: s2, 3: s3, 4: s4, 5: s5, 6: s6 }, upload };
}
