/**
 * A journal: header (number, date, status, source with its link back,
 * reference, who posted it and when), its lines with totals, the reversal
 * links both ways, the other journals of the same source record, and the
 * cancel action (reason required; the server posts the reversal) for roles
 * allowed to, on journals the ledger owns.
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useJournal } from '../api/getJournal';
import { useJournalsBySource } from '../api/journalsBySource';
import { CancelJournalDialog } from '../components/CancelJournalDialog';
import { JournalStatusChip, SourceChip } from '../components/JournalChips';
import { journalCrumbs, journalListPath } from '../lib/crumbs';
import { sourceLink } from '../lib/sources';
import type { CancelResult, JournalDetail, JournalKind } from '../lib/types';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mb: 0.25 }}>{label}</Typography>
      <Typography component="div" sx={{ fontSize: '0.875rem', fontWeight: 500, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

function JournalLink({ kind, id, number, testId }: { kind: JournalKind; id: string; number: string | null; testId?: string }) {
  return (
    <Link
      component={RouterLink}
      to={`${journalListPath(kind)}/${id}`}
      sx={{ fontFamily: 'monospace', fontWeight: 600 }}
      data-testid={testId}
    >
      {number ?? id}
    </Link>
  );
}

function LinesTable({ journal }: { journal: JournalDetail }) {
  const { t } = useTranslation('ledger');
  const { can } = useAuth();
  const linkAccounts = can('settings');
  const head = { fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase' as const, color: 'text.secondary' };
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 720 }} data-testid="journal-lines">
        <TableHead>
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell sx={{ ...head, width: 40 }}>#</TableCell>
            <TableCell sx={{ ...head, width: 110 }}>{t('col.code')}</TableCell>
            <TableCell sx={head}>{t('col.account')}</TableCell>
            <TableCell sx={head}>{t('editor.lineNote')}</TableCell>
            <TableCell sx={head}>{t('col.branch')}</TableCell>
            <TableCell sx={{ ...head, width: 170 }} align="right">
              {t('col.debit')}
            </TableCell>
            <TableCell sx={{ ...head, width: 170 }} align="right">
              {t('col.credit')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {journal.lines.map((l) => (
            <TableRow key={l.lineNo}>
              <TableCell sx={{ color: 'text.secondary' }}>{l.lineNo}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {linkAccounts ? (
                  <Link component={RouterLink} to={`/settings/coa/${l.coaId}`} underline="hover" color="inherit">
                    {l.coaCode}
                  </Link>
                ) : (
                  l.coaCode
                )}
              </TableCell>
              <TableCell>{l.coaName}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{l.description ?? '-'}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{l.branchName ?? '-'}</TableCell>
              <TableCell align="right">{l.debit ? <MoneyText value={l.debit} /> : ''}</TableCell>
              <TableCell align="right">{l.credit ? <MoneyText value={l.credit} /> : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, fontSize: '0.875rem', color: 'text.primary' } }}>
            <TableCell colSpan={5}>{t('col.total')}</TableCell>
            <TableCell align="right" data-testid="detail-total-debit">
              <MoneyText value={journal.totalDebit} />
            </TableCell>
            <TableCell align="right" data-testid="detail-total-credit">
              <MoneyText value={journal.totalCredit} />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function SourceJournals({ journal, kind }: { journal: JournalDetail; kind: JournalKind }) {
  const { t } = useTranslation('ledger');
  const f = useFormat();
  const q = useJournalsBySource(journal.source.module, journal.source.id, !['MANUAL', 'ADJUSTMENT'].includes(journal.source.module));
  const others = (q.data ?? []).filter((j) => j.id !== journal.id);
  if (!others.length) return null;
  return (
    <Card sx={{ mt: 3 }}>
      <CardHeader title={t('detail.sameSource')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1 }}>
        {others.map((j) => (
          <Box key={j.id} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <JournalLink kind={kind} id={j.id} number={j.number} />
            <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{f.date(j.date)}</Typography>
            <Typography sx={{ fontSize: '0.8125rem', flex: 1 }}>{j.description}</Typography>
            <JournalStatusChip status={j.status} />
            <MoneyText value={j.totalAmount} />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

/** Number, date, status, amount, source, reference, who and when, description. */
function HeaderCard({ journal }: { journal: NonNullable<ReturnType<typeof useJournal>['data']> }) {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const link = sourceLink(journal.source.module, journal.source.id);
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
        data-testid="journal-header"
      >
        <Field label={t('col.number')} testId="detail-number">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {journal.number}
          </Box>
        </Field>
        <Field label={t('col.date')}>{f.date(journal.date, 'long')}</Field>
        <Field label={t('col.status')}>
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
            <JournalStatusChip status={journal.status} />
            {journal.isAdjustment && <Chip size="small" color="info" variant="outlined" label={t('detail.adjustmentFlag')} />}
            {journal.isClosing && <Chip size="small" color="secondary" variant="outlined" label={t('detail.closingFlag')} />}
          </Box>
        </Field>
        <Field label={t('col.amount')}>
          <MoneyText value={journal.totalAmount} />
        </Field>
        <Field label={t('col.source')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <SourceChip module={journal.source.module} />
            {link && (
              <Link
                component={RouterLink}
                to={link}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                data-testid="source-link"
              >
                {t('detail.openSource')}
                <OpenInNewRounded sx={{ fontSize: 14 }} />
              </Link>
            )}
          </Box>
          {journal.source.id && (
            <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary', fontFamily: 'monospace', mt: 0.5 }}>
              {journal.source.id}
            </Typography>
          )}
        </Field>
        <Field label={t('col.reference')}>{journal.referenceCode ?? '-'}</Field>
        <Field label={t('col.createdBy')}>{journal.createdByName ?? '-'}</Field>
        <Field label={t('detail.postedAt')}>{f.date(journal.createdDate, 'dateTime')}</Field>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Field label={t('col.description')}>{journal.description}</Field>
        </Box>
      </CardContent>
    </Card>
  );
}

export default function JournalDetailPage({ kind }: { kind: JournalKind }) {
  const { t } = useTranslation(['ledger', 'common']);
  const { id = '' } = useParams();
  const location = useLocation();
  const { can } = useAuth();
  const q = useJournal(kind, id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [result, setResult] = useState<CancelResult | null>(null);
  const crumbs = journalCrumbs(t, kind);
  const back = (
    <Button component={RouterLink} to={journalListPath(kind)} startIcon={<ArrowBackRounded />} color="inherit">
      {t('actions.back')}
    </Button>
  );

  if (q.isLoading) {
    return (
      <>
        <PageHeader title={t('detail.title')} breadcrumbs={[...crumbs, { label: t('detail.title') }]} />
        <Skeleton variant="rounded" height={180} sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={240} />
      </>
    );
  }
  if (q.isError || !q.data) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader title={t('detail.title')} breadcrumbs={[...crumbs, { label: t('detail.title') }]} actions={back} />
        <Card>
          <EmptyState
            kind={notFound ? 'notFound' : 'loadFailed'}
            description={notFound ? undefined : q.error?.message}
            onRetry={notFound ? undefined : () => void q.refetch()}
          />
        </Card>
      </>
    );
  }

  const j = q.data;
  const canCancel = j.cancellable && can(kind === 'adjustment' || j.isAdjustment ? 'adjustment_journal' : 'general_journal', 'delete');
  const created = (location.state as { created?: boolean } | null)?.created;

  return (
    <>
      <PageHeader
        title={j.number}
        subtitle={j.description}
        breadcrumbs={[...crumbs, { label: j.number }]}
        actions={
          <>
            {back}
            {canCancel && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockRounded />}
                onClick={() => setCancelOpen(true)}
                data-testid="journal-cancel"
              >
                {t('cancel.button')}
              </Button>
            )}
          </>
        }
      />
      {created && !result && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid="journal-created">
          {t('detail.created', { number: j.number })}
        </Alert>
      )}
      {result && (
        <Alert
          severity="success"
          sx={{ mb: 3 }}
          data-testid="cancel-result"
          action={
            <Button component={RouterLink} to={`${journalListPath(kind)}/${result.reversal.id}`} color="inherit" size="small">
              {t('detail.openReversal')}
            </Button>
          }
        >
          {t('detail.cancelled', { number: j.number, reversal: result.reversal.number })}
        </Alert>
      )}
      {j.status === 'CANCELLED' && j.reversedById && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="reversed-by">
          {t('detail.reversedBy')} <JournalLink kind={kind} id={j.reversedById} number={j.reversedByNumber} testId="reversed-by-link" />
          {j.reversalReason ? ` — ${t('journal.reasonShort', { reason: j.reversalReason })}` : ''}
        </Alert>
      )}
      {j.status === 'REVERSAL' && j.reversalOfId && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="reversal-of">
          {t('detail.reversalOf')} <JournalLink kind={kind} id={j.reversalOfId} number={j.reversalOfNumber} testId="reversal-of-link" />
          {j.reversalReason ? ` — ${t('journal.reasonShort', { reason: j.reversalReason })}` : ''}
        </Alert>
      )}
      <HeaderCard journal={j} />
      <Card>
        <CardHeader
          title={t('journal.lines')}
          subheader={t('detail.lineCount', { count: j.lines.length })}
          slotProps={{ title: { variant: 'h6' }, subheader: { sx: { fontSize: '0.8125rem' } } }}
        />
        <LinesTable journal={j} />
      </Card>
      <SourceJournals journal={j} kind={kind} />
      {canCancel && cancelOpen && (
        <CancelJournalDialog journal={j} kind={kind} open={cancelOpen} onClose={() => setCancelOpen(false)} onDone={setResult} />
      )}
    </>
  );
}
