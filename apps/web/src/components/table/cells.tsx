/**
 * Cells the server tables share: a main value over a smaller grey line
 * (member over CIF, account over product), and a date over its time.
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/format';

/** A main value with a small second line under it. */
export function TwoLineCell({ main, sub, mono }: { main: ReactNode; sub?: ReactNode; mono?: boolean }) {
  return (
    <Box sx={{ lineHeight: 1.35, minWidth: 0, py: 0.75 }}>
      <Box>{main}</Box>
      {sub != null && sub !== '' && (
        <Box sx={{ fontSize: '0.75rem', color: 'text.secondary', fontFamily: mono ? 'monospace' : undefined }}>{sub}</Box>
      )}
    </Box>
  );
}

/** A timestamp as its date, with the time (WIB) under it. */
export function DateTimeCell({ value }: { value: string | Date }) {
  const f = useFormat();
  return <TwoLineCell main={f.date(value)} sub={f.date(value, 'time')} />;
}
