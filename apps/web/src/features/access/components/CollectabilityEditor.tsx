/**
 * The collectability grades of a cooperative: the days-late range of LANCAR,
 * KURANG LANCAR, DIRAGUKAN and MACET, the allowance (PPAP) of each, and how
 * days late are counted (HARIAN or BULANAN). Every change is checked at once
 * by the server's rules (lib/collectability.ts): each problem shows under its
 * field and saving waits until there is none. "Join the ranges" closes gaps
 * and overlaps in one click.
 */
import { COLLECTABILITY_GRADES, PERIODS } from '@koperasi/contracts/enums';
import { type CollectabilityCalculationType, collectabilityGradeOf } from '@koperasi/contracts/settings';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n/messages';
import { separators } from '../../../lib/money';
import { chainRanges, checkRanges, type RangeIssue } from '../lib/collectability';
import type { CollectabilityItem, CollectabilitySettings } from '../types';

export interface CollectabilityDraft {
  calculationType: CollectabilityCalculationType;
  items: Array<
    Omit<CollectabilityItem, 'daysLateFrom' | 'allowancePercent'> & { daysLateFrom: number | null; allowancePercent: number | null }
  >;
}

export function draftOf(s: CollectabilitySettings): CollectabilityDraft {
  const items = COLLECTABILITY_GRADES.map((g) => {
    const it = s.items.find((i) => i.grade === g);
    return {
      grade: g,
      daysLateFrom: it?.daysLateFrom ?? null,
      daysLateUntil: it?.daysLateUntil ?? null,
      allowancePercent: it?.allowancePercent ?? null,
    };
  });
  return { calculationType: s.calculationType, items };
}

const GRADE_COLOR = { LANCAR: 'success.main', 'KURANG LANCAR': 'warning.main', DIRAGUKAN: 'error.light', MACET: 'error.main' } as const;

/** Whole days from what was typed: '' is null, anything else must be digits. */
function parseDays(raw: string): number | null | undefined {
  if (raw.trim() === '') return null;
  return /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

type Item = CollectabilityDraft['items'][number];

/** One grade: its day range (with the range problems under the fields) and its allowance. */
function GradeRow({
  item,
  index,
  last,
  issues,
  readOnly,
  onPatch,
}: {
  item: Item;
  index: number;
  last: boolean;
  issues: RangeIssue[];
  readOnly?: boolean;
  onPatch: (patch: Partial<Item>) => void;
}) {
  const { t } = useTranslation('cooperative');
  const msg = useMessageText();
  const { i18n } = useTranslation();
  const { decimal } = separators(i18n.language);
  const fromIssues = issues.filter((x) => x.field === 'daysLateFrom');
  const untilIssues = issues.filter((x) => x.field === 'daysLateUntil');
  return (
    <TableRow data-testid={`grade-${item.grade.replace(' ', '_')}`}>
      <TableCell sx={{ verticalAlign: 'top', pt: 2.25, minWidth: 170, whiteSpace: 'nowrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: GRADE_COLOR[item.grade] }} />
          <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>{item.grade}</Typography>
        </Box>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', ml: 2.25 }}>
          {t(`collectability.level`, { level: index + 1 })}
        </Typography>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 150 }}>
        <TextField
          size="small"
          value={item.daysLateFrom ?? ''}
          disabled={readOnly}
          onChange={(e) => {
            const d = parseDays(e.target.value);
            if (d !== undefined) onPatch({ daysLateFrom: d });
          }}
          error={fromIssues.length > 0}
          helperText={fromIssues.map((x) => msg(x.key, x.params)).join(' ') || undefined}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': `${item.grade}: ${t('collectability.from')}`,
              'data-testid': `from-${index}`,
            },
            input: { endAdornment: <InputAdornment position="end">{t('collectability.days')}</InputAdornment> },
          }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 150 }}>
        <TextField
          size="small"
          value={item.daysLateUntil ?? ''}
          disabled={readOnly}
          placeholder={last ? t('collectability.openEnded') : undefined}
          onChange={(e) => {
            const d = parseDays(e.target.value);
            if (d !== undefined) onPatch({ daysLateUntil: d });
          }}
          error={untilIssues.length > 0}
          helperText={untilIssues.map((x) => msg(x.key, x.params)).join(' ') || (last ? t('collectability.openHint') : undefined)}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': `${item.grade}: ${t('collectability.until')}`,
              'data-testid': `until-${index}`,
            },
            input: { endAdornment: <InputAdornment position="end">{t('collectability.days')}</InputAdornment> },
          }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 120 }}>
        <TextField
          size="small"
          value={item.allowancePercent === null ? '' : String(item.allowancePercent).replace('.', decimal)}
          disabled={readOnly}
          onChange={(e) => {
            const raw = e.target.value.replace(',', '.');
            if (raw === '') onPatch({ allowancePercent: null });
            else if (/^\d{0,3}(\.\d{0,4})?$/.test(raw) && Number(raw) <= 100)
              onPatch({ allowancePercent: raw.endsWith('.') ? (raw as never) : Number(raw) });
          }}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-label': `${item.grade}: ${t('collectability.allowance')}` },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      </TableCell>
    </TableRow>
  );
}

export function CollectabilityEditor({
  value,
  onChange,
  readOnly,
}: {
  value: CollectabilityDraft;
  onChange: (next: CollectabilityDraft) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('cooperative');
  const issues = useMemo(() => checkRanges(value.items), [value.items]);
  const [probe, setProbe] = useState('45');
  const setItem = (index: number, patch: Partial<CollectabilityDraft['items'][number]>) =>
    onChange({ ...value, items: value.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) });
  const probeDays = parseDays(probe);
  const probeGrade = issues.length === 0 && typeof probeDays === 'number' ? collectabilityGradeOf(probeDays, value.items as never) : null;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="collectability-editor">
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('collectability.calculationType')}</Typography>
        <RadioGroup
          row
          value={value.calculationType}
          onChange={(e) => onChange({ ...value, calculationType: e.target.value as CollectabilityCalculationType })}
        >
          {[...PERIODS].reverse().map((p) => (
            <FormControlLabel
              key={p}
              value={p}
              disabled={readOnly}
              control={<Radio size="small" />}
              label={
                <Box>
                  <Typography sx={{ fontSize: '0.875rem', fontWeight: 500 }}>{t(`collectability.types.${p}`)}</Typography>
                  <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t(`collectability.typeHints.${p}`)}</Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', mr: 4, mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
            />
          ))}
        </RadioGroup>
      </Box>

      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('collectability.grade')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('collectability.from')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('collectability.until')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('collectability.allowance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {value.items.map((it, i) => {
              return (
                <GradeRow
                  key={it.grade}
                  item={it}
                  index={i}
                  last={i === value.items.length - 1}
                  issues={issues.filter((x) => x.grade === it.grade)}
                  readOnly={readOnly}
                  onPatch={(patch) => setItem(i, patch)}
                />
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {issues.length > 0 ? (
          <Alert
            severity="warning"
            sx={{ flex: 1, minWidth: 280 }}
            data-testid="collectability-issues"
            action={
              !readOnly && (
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<LinkRounded />}
                  onClick={() => onChange({ ...value, items: chainRanges(value.items) })}
                  data-testid="collectability-chain"
                >
                  {t('collectability.chain')}
                </Button>
              )
            }
          >
            {t('collectability.fixFirst', { count: issues.length })}
          </Alert>
        ) : (
          <Alert severity="success" sx={{ flex: 1, minWidth: 280 }} data-testid="collectability-ok">
            {t('collectability.rangesOk')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
          <TextField
            size="small"
            label={t('collectability.probe')}
            value={probe}
            onChange={(e) => setProbe(e.target.value)}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'collectability-probe' } }}
          />
          <Typography sx={{ fontSize: '0.875rem' }} data-testid="collectability-probe-grade">
            → <b>{probeGrade ?? '-'}</b>
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
