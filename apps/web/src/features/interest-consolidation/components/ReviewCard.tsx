/** The selected batch: totals (tax estimated until released), per product and per branch, and its actions. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import type { GroupTotal, Review } from '../api/consolidation';

export const statusColor = (s: string) =>
  s === 'RELEASED' ? 'success' : s === 'PROCESSED' ? 'info' : s === 'RELEASING' ? 'warning' : ('default' as const);

function Totals({ title, rows }: { title: string; rows: GroupTotal[] }) {
  const { t } = useTranslation('interest-consolidation');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* Its own horizontal scroll when narrower than the figures (never clipped); amounts on one line. */}
      <Box sx={{ overflowX: 'auto', '& td, & th': { whiteSpace: 'nowrap' } }}>
        <Table size="small" sx={{ minWidth: 440 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('name')}</TableCell>
              <TableCell align="right">{t('lines')}</TableCell>
              <TableCell align="right">{t('gross')}</TableCell>
              <TableCell align="right">{t('net')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.name ?? '-'}>
                <TableCell>{r.name ?? t('noBranch')}</TableCell>
                <TableCell align="right">{r.lines}</TableCell>
                <TableCell align="right">
                  <MoneyText value={r.gross} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={r.net} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

export function ReviewCard({
  review,
  canAdd,
  canUpdate,
  busy,
  onRelease,
  onCancel,
  onExcel,
}: {
  review: Review;
  canAdd: boolean;
  canUpdate: boolean;
  busy: boolean;
  onRelease: () => void;
  onCancel: () => void;
  onExcel: () => void;
}) {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const released = review.status === 'RELEASED';
  return (
    <Card sx={{ mb: 3 }} data-testid="consolidation-review">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h6">
              {f.date(review.startDate)} – {f.date(review.endDate)}
            </Typography>
            <Chip size="small" color={statusColor(review.status)} label={t(`status.${review.status}`)} data-testid="batch-status" />
            {review.releaseStatus === 'CANCELLED' && <Chip size="small" color="error" variant="outlined" label={t('releaseCancelled')} />}
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={onExcel} data-testid="consolidation-excel">
              {t('excel')}
            </Button>
            {canUpdate && review.status === 'PROCESSED' && (
              <Button color="error" onClick={onCancel} disabled={busy} data-testid="consolidation-cancel">
                {t('cancel')}
              </Button>
            )}
            {canAdd && (review.status === 'PROCESSED' || review.status === 'RELEASING') && (
              <Button variant="contained" onClick={onRelease} disabled={busy} data-testid="consolidation-release">
                {review.status === 'RELEASING' ? t('resume') : t('release')}
              </Button>
            )}
          </Stack>
        </Stack>
        {/* The totals left; the two tables stacked right (three columns clipped the tables at 1440 px). */}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
          <Box>
            <Facts
              items={[
                { label: t('members'), value: review.members },
                { label: t('lines'), value: review.lines },
                { label: t('adjustedLines'), value: review.adjustedLines },
                { label: t('gross'), value: <MoneyText value={review.totalGross} />, testId: 'review-gross' },
                { label: released ? t('tax') : t('taxEstimated'), value: <MoneyText value={review.totalTax} /> },
                { label: t('adminFee'), value: <MoneyText value={review.totalAdminFee} /> },
                { label: t('net'), value: <MoneyText value={review.totalNet} />, strong: true },
                released && { label: t('posted'), value: `${review.posted} / ${review.lines}` },
              ]}
            />
          </Box>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <Totals title={t('byProduct')} rows={review.byProduct} />
            <Totals title={t('byBranch')} rows={review.byBranch} />
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
