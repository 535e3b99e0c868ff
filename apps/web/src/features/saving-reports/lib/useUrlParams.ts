/**
 * Report filters kept in the address (`?tab=deposits&start=2026-11-01`);
 * defaults are left out of it. The print layout reads the same address.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Params } from './filters';

export function useUrlParams(defaults: Params): [Params, (patch: Params) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address (key) and the defaults' values decide
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const k of Object.keys(defaults)) {
      const v = params.get(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }, [key, defaultsKey]);
  const set = useCallback(
    (patch: Params) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === (defaults[k] ?? '')) next.delete(k);
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
