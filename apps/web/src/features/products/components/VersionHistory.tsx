/**
 * Every terms version of a product, newest first: its effective date, when
 * it was recorded, whether it is in force, scheduled or past, and what it
 * changed against the version before it.
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { changedTerms, termValues } from '../lib/terms';
import type { TermsView } from '../lib/types';
import { useTermText } from '../lib/useTermText';

export function VersionHistory({
  kind,
  savingType,
  versions,
  current,
}: {
  kind: ProductKind;
  savingType: string | null;
  versions: TermsView[];
  /** The version in force today. */
  current: number;
}) {
  const { t } = useTranslation('products');
  const f = useFormat();
  const text = useTermText();
  const byVersion = [...versions].sort((a, b) => a.version - b.version);
  const head = { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' as const };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="version-history" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('list.version')}</TableCell>
            <TableCell sx={head}>{t('fields.effectiveDate')}</TableCell>
            <TableCell sx={head}>{t('fields.status')}</TableCell>
            <TableCell sx={head}>{t('detail.changes')}</TableCell>
            <TableCell sx={head}>{t('detail.recorded')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((v) => {
            const prev = byVersion.filter((x) => x.version < v.version).at(-1);
            const changes = prev ? changedTerms(kind, savingType, prev, v) : [];
            const state = v.version === current ? 'inForce' : v.version > current ? 'scheduled' : 'past';
            return (
              <TableRow key={v.version} data-testid={`version-${v.version}`}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>v{v.version}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid={`version-${v.version}-date`}>
                  {f.date(v.effectiveDate, 'long')}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant={state === 'inForce' ? 'filled' : 'outlined'}
                    color={state === 'inForce' ? 'success' : state === 'scheduled' ? 'warning' : 'default'}
                    label={t(`detail.${state}`)}
                    sx={{ fontWeight: 600, fontSize: '0.7rem' }}
                  />
                </TableCell>
                <TableCell data-testid={`version-${v.version}-changes`}>
                  {prev ? (
                    changes.map((c) => (
                      <Typography key={c.name} sx={{ fontSize: '0.8125rem' }}>
                        {t(`terms.${c.name}`)}: {text(kind, c.name, c.from, termValues(kind, prev))} →{' '}
                        <strong>{text(kind, c.name, c.to, termValues(kind, v))}</strong>
                      </Typography>
                    ))
                  ) : (
                    <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('detail.firstVersion')}</Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontSize: '0.8125rem', color: 'text.secondary' }}>
                  {f.date(v.createdDate, 'dateTime')}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
