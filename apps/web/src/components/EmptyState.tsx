/**
 * Empty and no-data states with the spec's texts (section 8, "Data"):
 * no data, no record found, data not found, failed to load data, no user found.
 */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type EmptyKind = 'noData' | 'noRecord' | 'notFound' | 'loadFailed' | 'noUser';

export interface EmptyStateProps {
  kind?: EmptyKind;
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Retry button for `loadFailed`. */
  onRetry?: () => void;
  compact?: boolean;
}

export function EmptyState({ kind = 'noData', title, description, icon, action, onRetry, compact }: EmptyStateProps) {
  const { t } = useTranslation();
  const failed = kind === 'loadFailed';
  const Icon = failed ? ErrorOutlineRounded : kind === 'noRecord' || kind === 'notFound' ? SearchOffRounded : InboxOutlined;
  return (
    <Box
      data-testid={`empty-${kind}`}
      sx={{ py: compact ? 3 : 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}
    >
      <Box
        sx={(th) => ({
          width: compact ? 48 : 64,
          height: compact ? 48 : 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          mb: 1,
          color: failed ? 'error.main' : 'text.secondary',
          bgcolor: alpha(failed ? th.palette.error.main : th.palette.text.secondary, 0.08),
        })}
      >
        {icon ?? <Icon sx={{ fontSize: compact ? 24 : 30 }} />}
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{title ?? t(`empty.${kind}`)}</Typography>
      {description && <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem', maxWidth: 360 }}>{description}</Typography>}
      {(action || (failed && onRetry)) && (
        <Box sx={{ mt: 1 }}>
          {action ?? (
            <Button variant="outlined" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The plain "Tidak ada data" line, for small lists and charts. */
export function NoData() {
  return <EmptyState kind="noData" compact />;
}
