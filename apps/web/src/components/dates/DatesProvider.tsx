/** MUI X date pickers in the current language (dayjs adapter, week start per language). */

import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from './dayjsLocale';

export function DatesProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale(i18n.language)}
      localeText={{
        cancelButtonLabel: t('common.cancel'),
        okButtonLabel: t('common.ok'),
        clearButtonLabel: t('dates.clear'),
        todayButtonLabel: t('dates.today'),
      }}
    >
      {children}
    </LocalizationProvider>
  );
}
