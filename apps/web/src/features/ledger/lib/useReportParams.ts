/**
 * Report filters kept in the address (`?periode=2026-10&zero=1`), so a
 * report can be bookmarked, shared, and opened again by its print layout
 * with the same filters. Defaults are left out of the address.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export function useReportParams<T extends Record<string, string>>(defaults: T): [T, (patch: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address (key) and the defaults' values decide
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const k of Object.keys(defaults) as Array<keyof T & string>) {
      const v = params.get(k);
      if (v !== null) out[k] = v as T[typeof k];
    }
    return out;
  }, [key, JSON.stringify(defaults)]);
  const set = useCallback(
    (patch: Partial<T>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '' || v === defaults[k]) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults],
  );
  return [values, set];
}
