// The one actor of an open application: the application machine, which spawns the step, autosave and upload actors of
// its screens. Created once from the fetched application (and this device's local copies of its drafts); it lives as
// long as the application's screens, so moving between steps keeps every unsaved change, pending save and upload.
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { createContext, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { provideApplicationMachine, type ApplicationActorRef } from '#actors/application';
import { readLocalCopy } from '#actors/application-drafts';
import {
  selectAutosaveActor,
  selectStepActor,
  selectUploadActor,
} from '#machines/application/application.selectors';
import type { ApplicationInput, LoadedStep, StepKey } from '#machines/application/application.types';
import type { AutosaveActorRef } from '#machines/autosave/autosave.machine';
import type { StepActorRef } from '#machines/step/step.machine';
import type { StepNumber } from '#machines/step/step.types';
import type { UploadActorRef } from '#machines/upload/upload.machine';
import { isStepNumber, MAX_UPLOAD_BYTES } from '#shared/application-constants';
import type { Application } from '#api/applications';
import { MAX_FILES } from '#components/upload/upload-messages';

export interface ApplicationWorkspace {
  /** The application as loaded (program, dates, ids): what no machine owns. */
  application: Application;
  app: ApplicationActorRef;
}

export const WorkspaceContext = createContext<ApplicationWorkspace | null>(null);

export function useWorkspace(): ApplicationWorkspace {
  const workspace = useContext(WorkspaceContext);
  if (workspace === null) throw new Error('useWorkspace: render inside the application layout');
  return workspace;
}

export interface StepActors {
  step: StepActorRef;
  autosave: AutosaveActorRef;
}

/** The step and autosave actors the application machine spawned for `step` (to read with their selectors). */
export function useStepActors(step: StepNumber): StepActors {
  const { app } = useWorkspace();
  return {
    step: useSelector(app, (snapshot) => selectStepActor(snapshot, step)),
    autosave: useSelector(app, (snapshot) => selectAutosaveActor(snapshot, step)),
  };
}

export function useUploadActor(): UploadActorRef {
  return useSelector(useWorkspace().app, selectUploadActor);
}

function loadedStep(application: Application, key: StepKey): LoadedStep {
  const step = Number(key);
  const server = application.steps.find((item) => item.step === step);
  return {
    status: server?.status ?? 'incomplete',
    data: server?.data ?? {},
    version: server?.version ?? 0,
    localCopy: readLocalCopy({ applicationId: application.id, step }),
  };
}

/** The steps staff reopened, sent while changes are requested (docs/decisions/029-review-screens.md). */
const reopenedSteps = (application: Application): StepNumber[] => (application.change_request?.steps ?? []).filter(isStepNumber);

/** The application machine's input: the server's application, and this device's local copy of each step's draft. */
function inputOf(application: Application): ApplicationInput {
  const step = (key: StepKey) => loadedStep(application, key);
  return {
    id: application.id,
    // The server's status as it is: the machine reads its applicant side from shared/review-lifecycle.ts.
    status: application.status,
    programStatus: application.program.status,
    steps: { '1': step('1'), '2': step('2'), '3': step('3'), '4': step('4'), '5': step('5'), '6': step('6') },
    reopenedSteps: reopenedSteps(application),
    intakeForm: application.intake_form,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    files: application.files,
    maxDocumentsPerField: MAX_FILES,
  };
}

export function useApplicationWorkspace(application: Application): ApplicationWorkspace {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read once, when the actor is created (the local copies are read from browser storage).
  const [input] = useState(() => inputOf(application));
  const [machine] = useState(() =>
    provideApplicationMachine({
      queryClient,
      navigate: (path) => void navigate(path),
      student: application.program.sub_program === 'student_incubator',
    }),
  );
  const app = useActorRef(machine, { input });

  // The browser's network status and the page being hidden or closed are outside React and the machines: forward
  // them as the machine's events, here and nowhere else.
  useEffect(() => {
    const online = () => app.send({ type: 'application.online' });
    const offline = () => app.send({ type: 'application.offline' });
    const hidden = () => app.send({ type: 'application.hidden' });
    const visibility = () => {
      if (document.visibilityState === 'hidden') hidden();
    };
    if (!navigator.onLine) offline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', hidden);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [app]);

  // Leaving the application's screens is hiding them: the pending saves go now rather than after the debounce. A
  // layout effect's cleanup runs before the passive one that stops the actor, so the saves are on their way.
  useLayoutEffect(() => () => app.send({ type: 'application.hidden' }), [app]);

  return { application, app };
}
