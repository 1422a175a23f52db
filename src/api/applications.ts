// Server data of applications: My Programs, one application, apply, and the certification form download.
// react-query owns these; the application's workflow (steps, autosave, submit) belongs to its machines.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import type { StepNumber } from '#shared/application-constants';
import type { components, operations } from './schema';

type Schemas = components['schemas'];
export type Application = Schemas['Application'];
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type ApplicationStep = Schemas['ApplicationStep'];
export type ApplicationAction = Schemas['ApplicationAction'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type StoredFile = Schemas['StoredFile'];
export type Step1Data = Schemas['ApplicationStep1Data'];
export type Step2Data = Schemas['ApplicationStep2Data'];
export type Step3Data = Schemas['ApplicationStep3Data'];
export type Step4Data = Schemas['ApplicationStep4Data'];
export type Step5Data = Schemas['ApplicationStep5Data'];
export type Step6Data = Schemas['ApplicationStep6Data'];
export type IncomeSource = Schemas['IncomeSource'];
export type ApplicationFile = Schemas['ApplicationFile'];

/** Each step's draft as the contract says it: the `data` of its own save operation, saveApplicationStep{n}. */
export type StepDraft = {
  [S in StepNumber]: operations[`saveApplicationStep${S}`]['requestBody']['content']['application/json']['data'];
};

/**
 * PUT one step's draft (one operation per step). The autosave machine keeps drafts as plain records it never looks
 * inside; the step forms build them with StepDraft's types, and the server checks them against the step's schema.
 */
export function saveStepDraft(id: number, step: StepNumber, data: Record<string, unknown>, version: number) {
  const path = { path: { id } };
  switch (step) {
    case 1:
      return api.PUT('/applications/{id}/steps/1', { params: path, body: { data: data as StepDraft[1], version } });
    case 2:
      return api.PUT('/applications/{id}/steps/2', { params: path, body: { data: data as StepDraft[2], version } });
    case 3:
      return api.PUT('/applications/{id}/steps/3', { params: path, body: { data: data as StepDraft[3], version } });
    case 4:
      return api.PUT('/applications/{id}/steps/4', { params: path, body: { data: data as StepDraft[4], version } });
    case 5:
      return api.PUT('/applications/{id}/steps/5', { params: path, body: { data: data as StepDraft[5], version } });
    case 6:
      return api.PUT('/applications/{id}/steps/6', { params: path, body: { data: data as StepDraft[6], version } });
  }
}

export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  detail: (id: number) => [...applicationKeys.all, 'detail', id] as const,
};

/** Programs carry the person's application and action, so they change with it (key kept here to avoid a cycle). */
export const programListKey = ['programs'] as const;

export const myApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: ({ signal }) => unwrap(api.GET('/applications', { signal })),
  });

export const applicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/applications/{id}', { params: { path: { id } }, signal })),
    // The screens build their actors from this once; refetching under them would change nothing they show.
    refetchOnWindowFocus: false,
  });

/** Lists that show an application's status or action: mark them stale after it changed. */
export function invalidateApplicationLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: applicationKeys.mine() }),
    queryClient.invalidateQueries({ queryKey: programListKey }),
  ]).then(() => undefined);
}

/** Apply to a program (idempotent: applying again answers the existing application). */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: number) => unwrap(api.POST('/applications', { body: { program_id: programId } })),
    onSuccess: async (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      await invalidateApplicationLists(queryClient);
    },
  });
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.trim() : null;
}

/** Fetches the certification form with the bearer token (a plain link would not carry it) and saves it as a file. */
export async function downloadCertification(id: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/applications/{id}/certification.pdf', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  saveBlob(data, response, fallbackName);
}

/** The applicant's copy of a submitted application (docs/decisions/048-the-applicants-copy.md), fetched and saved the same way. */
export async function downloadApplicantCopy(id: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/applications/{id}/copy.pdf', { params: { path: { id } }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** The no-income form of step 4 (docs/product.md section 5), fetched and saved like the certification form. */
export async function downloadNoIncomeForm(id: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/applications/{id}/no-income-form.pdf', { params: { path: { id } }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** One uploaded document of steps 3 and 4, saved under its name. */
export async function downloadDocument(id: number, fileId: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/applications/{id}/files/{fileId}', { params: { path: { id, fileId } }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** Saves a fetched file under the name its Content-Disposition gives (else `fallbackName`). */
export function saveBlob(data: unknown, response: Response, fallbackName: string): void {
  if (!response.ok || !(data instanceof Blob)) throw new Error(`download: HTTP ${response.status}`);
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
