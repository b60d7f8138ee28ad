import type { PublicSurvey } from '@parley/contract';
import { isApiError } from '@/lib/api-error';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

export const getSurvey = (campaignId: string, signal?: AbortSignal) =>
  publicCall<PublicSurvey>('GET', publicPaths.survey, { params: { id: campaignId }, signal });

/** The survey by its open link; the page words its own messages in the survey's language. */
export const useSurvey = (campaignId: string) =>
  useLoad(`survey:${campaignId}`, (signal) => getSurvey(campaignId, signal));

/**
 * A refusal that says the survey ended, filled up or closed meanwhile (so the page should load its
 * status again). `already-answered` is about the address, not the survey.
 */
export const saysSurveyClosed = (error: unknown) =>
  isApiError(error) && error.code.startsWith('survey/') && error.code !== 'survey/already-answered';
