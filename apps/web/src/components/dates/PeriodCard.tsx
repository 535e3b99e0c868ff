/**
 * The period card of the release, consolidation and simulation screens: a line explaining the screen, the period's
 * two dates (DateRangeFields) with the screen's button beside them (disabled until both dates are set and while it
 * runs), and what the button's run answered under them.
 * `usePeriod` holds the two dates, by default the last full month in WIB (a period must have ended to be released).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { monthStart, previousMonthEnd, todayWib } from '../../lib/dates';
import { DateRangeFields, type DateRangeFieldsProps } from './DateRangeFields';

export interface Period {
  from: string | null;
  to: string | null;
  setFrom: (v: string | null) => void;
  setTo: (v: string | null) => void;
  /** Today in WIB, when the screen was opened. */
  today: string;
}

/** The period's two dates; without `initial`, the last full month. */
export function usePeriod(initial?: (today: string) => { from: string; to: string }): Period {
  const [today] = useState(todayWib);
  const [start] = useState(() => initial?.(today) ?? { from: monthStart(previousMonthEnd(today)), to: previousMonthEnd(today) });
  const [from, setFrom] = useState<string | null>(start.from);
  const [to, setTo] = useState<string | null>(start.to);
  return { from, to, setFrom, setTo, today };
}

/** The screen's button: run over the period (disabled while a date is missing or while it runs). */
export interface PeriodAction {
  label: string;
  busyLabel: string;
  busy: boolean;
  onRun: () => void;
  testId: string;
}

export function PeriodCard({
  period,
  max,
  labels,
  explain,
  action,
  children,
}: {
  period: Period;
  max?: string;
  labels: DateRangeFieldsProps['labels'];
  explain?: ReactNode;
  /** Shown when the user may run it (null otherwise). */
  action?: PeriodAction | null;
  /** Under the dates: what the action answered. */
  children?: ReactNode;
}) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        {explain && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {explain}
          </Typography>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <DateRangeFields from={period.from} to={period.to} onFrom={period.setFrom} onTo={period.setTo} max={max} labels={labels} />
          {action && (
            <Button
              variant="contained"
              onClick={action.onRun}
              disabled={!period.from || !period.to || action.busy}
              data-testid={action.testId}
            >
              {action.busy ? action.busyLabel : action.label}
            </Button>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
