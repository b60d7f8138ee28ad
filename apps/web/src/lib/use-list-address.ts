import { useSearchParams } from 'react-router';

/** Writes one change of a list's filters into the address being built. */
export type AddressWriter = {
  /** Sets `key` to `value`, or takes it out of the address when `value` is empty or null. */
  set: (key: string, value: string | null) => void;
  /** Sets `key` once for each of `values` (`?city=Berlin&city=Bonn`); none takes it out. */
  setAll: (key: string, values: readonly string[]) => void;
};

/**
 * A list whose search, filters, sort and page live in the page's address, so a reload, the back
 * button and a shared link show the same list: the address's params, the page (1-based, 1 when
 * missing or malformed), and `change` to write a change into the address. Any change but a page's
 * starts again at page 1 and replaces the history entry; a page change adds one (back steps back).
 */
export const useListAddress = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  /** Writes a change of the filters with `write`; `page` given: a page change (others kept). */
  const change = (write: (address: AddressWriter) => void, page?: number) => {
    setParams(
      () => {
        // From the address as it is now: react-router hands the params of the last render, so a
        // filter changed while the search waits for a pause in typing would otherwise be lost.
        const next = new URLSearchParams(window.location.search);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        const setAll = (key: string, values: readonly string[]) => {
          next.delete(key);
          for (const v of values) next.append(key, v);
        };
        write({ set, setAll });
        // Any new filter starts again at page 1; only a page change keeps the others.
        const newPage = page ?? 1;
        set('page', newPage > 1 ? String(newPage) : null);
        return next;
      },
      { replace: page === undefined },
    );
  };

  return { params, page, change };
};
