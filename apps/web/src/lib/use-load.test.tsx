import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { useLoad } from './use-load';

const failure = (status: number) =>
  new ApiError(status, { code: status ? 'internal' : 'network', message: 'x' });

afterEach(() => {
  vi.useRealTimers();
});

describe('useLoad', () => {
  it.each([0, 503])(
    'tries once more after a second when a read fails with status %i, then shows the answer',
    async (status) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const load = vi.fn().mockRejectedValueOnce(failure(status)).mockResolvedValueOnce('survey');
      const { result } = renderHook(() => useLoad('a', load));

      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      expect(result.current.isPending).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(result.current.data).toBe('survey'));
      expect(load).toHaveBeenCalledTimes(2);
      expect(result.current.error).toBeUndefined();
    },
  );

  it('shows the failure after the one retry fails too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = vi.fn().mockRejectedValue(failure(0));
    const { result } = renderHook(() => useLoad('a', load));

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.isPending).toBe(false);
  });

  it('does not retry an answer of the client kind (404) or after the page went', async () => {
    const notFound = vi.fn().mockRejectedValue(failure(404));
    const { result } = renderHook(() => useLoad('a', notFound));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(notFound).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const offline = vi.fn().mockRejectedValue(failure(0));
    const { unmount } = renderHook(() => useLoad('b', offline));
    await waitFor(() => expect(offline).toHaveBeenCalledTimes(1));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(offline).toHaveBeenCalledTimes(1);
  });
});
