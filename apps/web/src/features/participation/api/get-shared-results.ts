import type { QuestionResult, SharedResults } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/**
 * An ended campaign's shared results by the secret link's token (D23). The token goes only to our
 * own server, in the path, as on every secret-link page; nothing else sees it.
 */
export const useSharedResults = (token: string) =>
  useLoad(`shared-results:${token}`, (signal) =>
    publicCall<SharedResults>('GET', publicPaths.sharedResults, { params: { token }, signal }),
  );

/** One more page of a free-text question's answers (newest first); null when the question is gone. */
export const loadSharedFreeText = async (
  token: string,
  questionId: string,
  page: number,
): Promise<QuestionResult['freeText']> => {
  const results = await publicCall<SharedResults>('GET', publicPaths.sharedResults, {
    params: { token },
    query: { questionId, page: String(page) },
  });
  return results.questions.find((q) => q.questionId === questionId)?.freeText ?? null;
};
