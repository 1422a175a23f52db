// Server data of the eligibility survey (GET/PUT /me/survey): the person's answers and the recommendation.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { ApiError, unwrap } from './errors';
import type { components } from './schema';

type Schemas = components['schemas'];
export type Survey = Schemas['Survey'];
export type SurveyAnswers = Schemas['SurveyAnswers'];
export type Industry = Schemas['Industry'];
export type OperatingTime = Schemas['OperatingTime'];
export type SteamBranch = Schemas['SteamBranch'];

export const surveyKeys = {
  mine: ['survey', 'mine'] as const,
};

/** The survey, or null when the person has not answered it yet (404 `survey_not_answered`). */
export const surveyQueryOptions = () =>
  queryOptions({
    queryKey: surveyKeys.mine,
    queryFn: async ({ signal }): Promise<Survey | null> => {
      try {
        return await unwrap(api.GET('/me/survey', { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyAnswers) => unwrap(api.PUT('/me/survey', { body })),
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyKeys.mine, survey);
    },
  });
}
