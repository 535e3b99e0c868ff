/** Step 3, review and process: totals per type against the opening balance sheet, differences, confirm and undo per step. */
import type { MigrationStepType } from '@koperasi/contracts/migration';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useCheck, useConfirmStep, useResetStep, useReview } from '../api/migration';

/** Columns shown from tablet width up; on a phone their figures go under the first column (PHONE). */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const PHONE = { display: { xs: 'block', sm: 'none' } } as const;
const DENSE = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;

const STEPS: Array<{ type: MigrationStepType; key: string }> = [
  { type: 'neraca', key: 'NERACA' },
  { type: 'members', key: 'MEMBERS' },
  { type: 'savings', key: 'SAVINGS' },
  { type: 'deposits', key: 'DEPOSITS' },
  { type: 'loans', key: 'LOANS' },
];

export function ReviewStep({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation('migration');
  const review = useReview();
  const check = useCheck();
  const confirmStep = useConfirmStep();
  const resetStep = useResetStep();
  const { confirm, dialog } = useConfirm();
  if (review.isError || check.isError) return <EmptyState kind="loadFailed" compact onRetry={() => void review.refetch()} />;
  const r = review.data;
  const steps = check.data?.steps ?? [];
  const process = async (type: MigrationStepType, key: string) => {
    const ok = await confirm({
      title: t('confirmTitle', { type: t(`types.${key}`) }),
      message: t('confirmText'),
      confirmLabel: t('process'),
    });
    if (ok) await confirmStep.mutateAsync(type).catch(() => undefined);
  };
  const undo = async (type: MigrationStepType, key: string) => {
    const ok = await confirm({
      title: t('undoTitle', { type: t(`types.${key}`) }),
      message: t('undoText'),
      destructive: true,
      confirmLabel: t('undo'),
    });
    if (ok) await resetStep.mutateAsync({ type, n: 3 }).catch(() => undefined);
  };
  return (
    <Stack spacing={2}>
      {dialog}
      {r && (
        <>
          <ReviewTypesTable review={r} />
          <ReviewAccountsTable review={r} />
          {r.differences.length > 0 && <Alert severity="warning">{t('differences', { count: r.differences.length })}</Alert>}
          {!r.neraca.balanced && <Alert severity="error">{t('neracaUnbalanced')}</Alert>}
          {r.ready && !check.data?.done && <Alert severity="success">{t('ready')}</Alert>}
          {r.temporaryAccount && (
            <Typography variant="body2">
              {t('temporary', { account: `${r.temporaryAccount.code} ${r.temporaryAccount.name}` })}:{' '}
              <MoneyText value={r.temporaryAccount.balance} />
            </Typography>
          )}
        </>
      )}
      <Typography variant="subtitle2">{t('process')}</Typography>
      <Table size="small" sx={DENSE} data-testid="review-steps">
        <TableBody>
          {STEPS.map(({ type, key }) => {
            const s = steps.find((x) => x.type === key);
            // A data type whose control accounts differ from the opening balance sheet is refused (MIGRATION_NOT_ZERO).
            const differs = !s?.confirmed && Boolean(r?.differences.some((d) => d.type === key));
            const chip = (
              <Chip
                size="small"
                color={s?.confirmed ? 'primary' : differs ? 'warning' : s?.uploaded ? 'success' : 'default'}
                label={s?.confirmed ? t('confirmed') : differs ? t('hasDifference') : s?.uploaded ? t('uploaded') : t('notUploaded')}
              />
            );
            return (
              <TableRow key={key}>
                <TableCell>
                  {t(`types.${key}`)}
                  <Box sx={{ ...PHONE, mt: 0.5 }}>{chip}</Box>
                </TableCell>
                <TableCell sx={WIDE}>{chip}</TableCell>
                <TableCell align="right">
                  {s?.confirmed ? (
                    <Button size="small" color="error" disabled={!canUpdate} onClick={() => void undo(type, key)}>
                      {t('undo')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={!canUpdate || !s?.uploaded || differs}
                      onClick={() => void process(type, key)}
                      data-testid={`confirm-${type}`}
                    >
                      {t('process')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {check.data?.done && <Alert severity="success">{t('done')}</Alert>}
    </Stack>
  );
}

type Review = NonNullable<ReturnType<typeof useReview>['data']>;

/** Staged rows per type: valid, failed, posted and their total. */
function ReviewTypesTable({ review: r }: { review: Review }) {
  const { t } = useTranslation('migration');
  return (
    <Table size="small" sx={DENSE} data-testid="review-types">
      <TableHead>
        <TableRow>
          <TableCell>{t('type')}</TableCell>
          <TableCell align="right">{t('statuses.VALID')}</TableCell>
          <TableCell align="right">{t('statuses.FAILED')}</TableCell>
          <TableCell align="right">{t('statuses.POSTED')}</TableCell>
          <TableCell align="right" sx={WIDE}>
            {t('total')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {r.types.map((x) => (
          <TableRow key={x.type}>
            <TableCell>
              {t(`types.${x.type}`)}
              {x.type !== 'MEMBERS' && (
                <Typography variant="caption" color="text.secondary" sx={PHONE}>
                  <MoneyText value={x.total} />
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{x.valid}</TableCell>
            <TableCell align="right" sx={x.failed ? { color: 'error.main', fontWeight: 600 } : undefined}>
              {x.failed}
            </TableCell>
            <TableCell align="right">{x.posted}</TableCell>
            <TableCell align="right" sx={WIDE}>
              {x.type === 'MEMBERS' ? '' : <MoneyText value={x.total} />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Each control account: the opening balance sheet against the staged sub-ledger, differences in red. */
function ReviewAccountsTable({ review: r }: { review: Review }) {
  const { t } = useTranslation('migration');
  return (
    <>
      <Typography variant="subtitle2">{t('controlAccounts')}</Typography>
      <Table size="small" sx={DENSE} data-testid="review-accounts">
        <TableHead>
          <TableRow>
            <TableCell>{t('account')}</TableCell>
            <TableCell align="right" sx={WIDE}>
              {t('opening')}
            </TableCell>
            <TableCell align="right" sx={WIDE}>
              {t('subLedgerTotal')}
            </TableCell>
            <TableCell align="right">{t('difference')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {r.accounts.map((a) => {
            const off = Number(a.difference) !== 0;
            return (
              <TableRow key={a.coaId} sx={off ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}>
                <TableCell>
                  {a.code} {a.name} <Chip size="small" label={t(`types.${a.type}`)} />
                  <Typography variant="caption" color="text.secondary" sx={PHONE}>
                    {t('opening')}: <MoneyText value={a.opening} />
                    <br />
                    {t('subLedgerTotal')}: <MoneyText value={a.subLedger} />
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={WIDE}>
                  <MoneyText value={a.opening} />
                </TableCell>
                <TableCell align="right" sx={WIDE}>
                  <MoneyText value={a.subLedger} />
                </TableCell>
                <TableCell align="right" sx={off ? { color: 'error.main', fontWeight: 600 } : undefined}>
                  <MoneyText value={a.difference} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
