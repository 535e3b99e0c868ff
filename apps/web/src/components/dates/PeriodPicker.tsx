/**
 * Period pickers: a month (`YYYY-MM`, the reports' `periode`) and a date
 * range (start and end `YYYY-MM-DD`, end not before start).
 */
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { API_DATE, DateField } from './DateField';
import { DatesProvider } from './DatesProvider';
import { dayjs } from './dayjsLocale';

export function MonthPicker({
  value,
  onChange,
  label,
  max,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  /** Latest month, `YYYY-MM`. */
  max?: string;
}) {
  const { t } = useTranslation();
  return (
    <DatesProvider>
      <DatePicker
        label={label ?? t('dates.period')}
        views={['year', 'month']}
        openTo="month"
        format="MMMM YYYY"
        value={value ? dayjs(`${value}-01`, API_DATE) : null}
        onChange={(d) => onChange(d?.isValid() ? d.format('YYYY-MM') : null)}
        maxDate={max ? dayjs(`${max}-01`, API_DATE) : undefined}
        slotProps={{ textField: { size: 'small', fullWidth: true } }}
      />
    </DatesProvider>
  );
}

export interface DateRange {
  start: string | null;
  end: string | null;
}

export function DateRangeFields({
  value,
  onChange,
  startLabel,
  endLabel,
}: {
  value: DateRange;
  onChange: (value: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
}) {
  const { t } = useTranslation();
  const bad = Boolean(value.start && value.end && value.end < value.start);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <DateField
        label={startLabel ?? t('dates.start')}
        value={value.start}
        onChange={(start) => onChange({ ...value, start })}
        max={value.end ?? undefined}
      />
      <DateField
        label={endLabel ?? t('dates.end')}
        value={value.end}
        onChange={(end) => onChange({ ...value, end })}
        min={value.start ?? undefined}
        error={bad}
        helperText={bad ? t('dates.endBeforeStart') : undefined}
      />
    </Box>
  );
}

/** This month's first day and today, the usual default range of reports. */
export function thisMonth(): DateRange {
  const now = dayjs();
  return { start: now.startOf('month').format(API_DATE), end: now.format(API_DATE) };
}
