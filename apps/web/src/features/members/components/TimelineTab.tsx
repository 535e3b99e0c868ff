/** Tab "Riwayat": every step of the member from the audit log, newest first, with the fields each change touched. */
import CircleRounded from '@mui/icons-material/CircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useFormat } from '../../../lib/format';
import { type TimelineEntry, useTimeline } from '../api/timeline';

const COLOR: Array<[RegExp, string]> = [
  [/approve|upgrade$|principal_paid/, 'success.main'],
  [/reject|exit/, 'error.main'],
  [/interview|upgrade_request/, 'info.main'],
  [/create|register|upload/, 'primary.main'],
];

const HIDDEN = new Set(['demo', 'id', 'tenantId', 'updatedDate', 'updated_date']);

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Fields an entry changed: [field, before, after]; for an entry without "before" the values it recorded. */
export function changes(e: Pick<TimelineEntry, 'before' | 'after'>): Array<[string, string | null, string]> {
  const before = (e.before && typeof e.before === 'object' ? e.before : {}) as Record<string, unknown>;
  const after = (e.after && typeof e.after === 'object' ? e.after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => [k, k in before ? show(before[k]) : null, show(after[k])]);
}

function Entry({ e, last }: { e: TimelineEntry; last: boolean }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const diff = changes(e);
  const color = COLOR.find(([re]) => re.test(e.action))?.[1] ?? 'text.secondary';
  return (
    <Box sx={{ display: 'flex', gap: 2 }} data-testid="timeline-entry">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }}>
        <CircleRounded sx={{ fontSize: 12, color }} />
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
      </Box>
      <Box sx={{ flex: 1, pb: 2.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>{e.label}</Typography>
          <Tooltip title={f.date(e.at, 'dateTime')}>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{f.relative(e.at)}</Typography>
          </Tooltip>
        </Box>
        <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
          {e.actorName ? t('timeline.by', { name: e.actorName }) : t('timeline.bySystem')} · {f.date(e.at, 'dateTime')}
        </Typography>
        {diff.length > 0 && (
          <>
            <Button size="small" onClick={() => setOpen((o) => !o)} sx={{ px: 0, minWidth: 0, mt: 0.5 }}>
              {open ? t('timeline.hide') : t('timeline.show', { count: diff.length })}
            </Button>
            <Collapse in={open}>
              <Box
                component="table"
                sx={{
                  mt: 1,
                  borderCollapse: 'collapse',
                  fontSize: '0.8125rem',
                  '& td': { py: 0.5, pr: 2, verticalAlign: 'top', overflowWrap: 'anywhere' },
                }}
              >
                <tbody>
                  {diff.map(([k, b, a]) => (
                    <tr key={k}>
                      <Box component="td" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                        {t(`fields.${k}`, { defaultValue: k })}
                      </Box>
                      <td>
                        {b !== null && (
                          <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary', mr: 1 }}>
                            {b}
                          </Box>
                        )}
                        {a}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Collapse>
          </>
        )}
      </Box>
    </Box>
  );
}

export function TimelineTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('members');
  const q = useTimeline(memberId);
  const entries = q.data?.pages.flatMap((p) => p.content) ?? [];
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="member-timeline">
      {q.isPending ? (
        [0, 1, 2].map((i) => <Skeleton key={i} height={56} />)
      ) : q.isError ? (
        <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState kind="noData" />
      ) : (
        <>
          {entries.map((e, i) => (
            <Entry key={e.id} e={e} last={i === entries.length - 1 && !q.hasNextPage} />
          ))}
          {q.hasNextPage && (
            <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} variant="outlined" size="small">
              {t('timeline.more')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
