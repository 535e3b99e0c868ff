/** Label / value rows (a summary before confirming, a detail card). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}

/** A fact, or nothing (conditional rows: `cond && {...}`). */
export type MaybeFact = Fact | false | null | undefined | '' | 0;

export function Facts({ items, dense }: { items: MaybeFact[]; dense?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', columnGap: 2, rowGap: dense ? 0.5 : 1 }}
    >
      {items
        .filter((f): f is Fact => Boolean(f))
        .map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are static per render
          <Box key={i} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
              {f.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: f.strong ? '0.9375rem' : '0.8125rem', fontWeight: f.strong ? 700 : 500, textAlign: 'end', minWidth: 0 }}
              data-testid={f.testId}
            >
              {f.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
