/**
 * Create a manual journal (Jurnal Umum) or an adjustment journal (Jurnal
 * Penyesuaian): date, description, reference, and the line editor. The
 * submit button stays refused while the journal has fewer than two lines or
 * its totals differ, and says why with the catalogue's message; Ctrl+Enter
 * submits. On success the new journal opens.
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import { type FormEvent, type KeyboardEvent, memo, type SetStateAction, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DateField } from '../../../components/dates/DateField';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useFormat } from '../../../lib/format';
import { useMessageText } from '../../../lib/i18n/messages';
import { uuid } from '../../../lib/id';
import { useCreateJournal } from '../api/createJournal';
import { usePostableAccounts } from '../api/listAccounts';
import { JournalLineEditor } from '../components/JournalLineEditor';
import { TotalsBar } from '../components/TotalsBar';
import { journalCrumbs, journalListPath } from '../lib/crumbs';
import { checkLines, type EditorLine, emptyLine, isBlank, toRequestLines } from '../lib/lines';
import type { JournalKind } from '../lib/types';

/** The server names line fields by their index among the lines sent (`lines.2.debit`); map them back to rows. */
function serverLineErrors(err: unknown, sent: EditorLine[]): Record<string, string> {
  if (!isApiError(err)) return {};
  const out: Record<string, string> = {};
  for (const f of err.fields) {
    const m = /^lines\.(\d+)/.exec(f.field);
    const line = m ? sent[Number(m[1])] : undefined;
    if (line) out[line.key] = f.message;
  }
  return out;
}

/** Date, reference and description; memoised so typing in the lines does not redraw the date picker. */
const HeaderCard = memo(function HeaderCard(p: {
  date: string | null;
  setDate: (v: string | null) => void;
  today: string;
  referenceCode: string;
  setReferenceCode: (v: string) => void;
  description: string;
  setDescription: (v: string) => void;
  dateError: string | null;
  descriptionError: string | null;
}) {
  const { t } = useTranslation('ledger');
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title={t('journal.header')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '220px 260px 1fr' } }}>
        <DateField
          label={t('col.date')}
          value={p.date}
          onChange={p.setDate}
          max={p.today}
          name="date"
          error={Boolean(p.dateError)}
          helperText={p.dateError ?? undefined}
        />
        <TextField
          label={t('col.reference')}
          value={p.referenceCode}
          onChange={(e) => p.setReferenceCode(e.target.value)}
          size="small"
          name="referenceCode"
          placeholder={t('journal.referencePlaceholder')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={t('col.description')}
          value={p.description}
          onChange={(e) => p.setDescription(e.target.value)}
          size="small"
          name="description"
          required
          error={Boolean(p.descriptionError)}
          helperText={p.descriptionError ?? undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </CardContent>
    </Card>
  );
});

/** Ctrl+Enter submits; Enter in a header field must not send the journal half-typed. */
function formKeyDown(submit: () => void) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter') return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      submit();
      return;
    }
    const target = e.target as HTMLElement;
    if (target.tagName === 'INPUT' && !target.closest('[data-testid="line-editor"]')) e.preventDefault();
  };
}

export default function JournalCreatePage({ kind }: { kind: JournalKind }) {
  const { t } = useTranslation(['ledger', 'common']);
  const msg = useMessageText();
  const f = useFormat();
  const navigate = useNavigate();
  const accounts = usePostableAccounts();
  const create = useCreateJournal(kind);
  const today = dayjs().format('YYYY-MM-DD');
  const [date, setDate] = useState<string | null>(today);
  const [description, setDescription] = useState('');
  const [referenceCode, setReferenceCode] = useState('');
  const [lines, setLines] = useState<EditorLine[]>(() => [emptyLine(), emptyLine()]);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // One key per filled-in form: a retried request replays the first answer instead of posting twice.
  const [idempotencyKey, setIdempotencyKey] = useState(uuid);
  const check = useMemo(() => checkLines(lines, (n) => f.money(n)), [lines, f.money]);
  const adjustment = kind === 'adjustment';

  // A changed journal is a new request: it gets a new key (the server refuses a key reused for other content).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content changes
  useEffect(() => {
    setIdempotencyKey(uuid());
  }, [date, description, referenceCode, lines]);

  const changeLines = useCallback((next: SetStateAction<EditorLine[]>) => {
    setLines(next);
    setServerErrors((prev) => (Object.keys(prev).length ? {} : prev));
  }, []);

  const headerErrors = {
    date: !date ? msg('ledger.date_invalid') : null,
    description: !description.trim() ? msg('ledger.description_required') : null,
  };
  // Balanced lines still need every account chosen: say so before the click.
  const guardMessage = check.guardOk
    ? (check.problems[0] ?? null)
    : check.problems.find((p) => p.key !== 'validation.account_not_selected');

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setAttempted(true);
    if (!check.canSubmit || headerErrors.date || headerErrors.description || create.isPending) return;
    const sent = lines.filter((l) => !isBlank(l));
    create.mutate(
      {
        body: { date: date!, description: description.trim(), referenceCode: referenceCode.trim() || null, lines: toRequestLines(lines) },
        idempotencyKey,
      },
      {
        onSuccess: (env) => navigate(`${journalListPath(kind)}/${env.data.id}`, { replace: true, state: { created: true } }),
        onError: (err) => {
          setServerErrors(serverLineErrors(err, sent));
          // A refusal is final for this key; a network failure keeps it so the retry cannot post twice.
          if (isApiError(err) && err.status >= 400 && err.status < 500) setIdempotencyKey(uuid());
        },
      },
    );
  };

  const onFormKeyDown = formKeyDown(submit);

  const title = adjustment ? t('adjustment.createTitle') : t('journal.createTitle');
  return (
    <Box component="form" onSubmit={submit} onKeyDown={onFormKeyDown} noValidate data-testid="journal-form">
      <PageHeader
        title={title}
        breadcrumbs={[...journalCrumbs(t, kind), { label: title }]}
        actions={
          <Button component={RouterLink} to={journalListPath(kind)} startIcon={<ArrowBackRounded />} color="inherit">
            {t('actions.back')}
          </Button>
        }
      />
      {adjustment && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('adjustment.explain')}
        </Alert>
      )}
      <HeaderCard
        date={date}
        setDate={setDate}
        today={today}
        referenceCode={referenceCode}
        setReferenceCode={setReferenceCode}
        description={description}
        setDescription={setDescription}
        dateError={attempted ? headerErrors.date : null}
        descriptionError={attempted ? headerErrors.description : null}
      />
      <Card>
        <CardHeader
          title={t('journal.lines')}
          subheader={t('journal.linesHint')}
          slotProps={{ title: { variant: 'h6' }, subheader: { sx: { fontSize: '0.8125rem' } } }}
        />
        <JournalLineEditor
          lines={lines}
          onChange={changeLines}
          accounts={accounts.data ?? []}
          accountsLoading={accounts.isLoading}
          check={check}
          showErrors={attempted}
          serverErrors={serverErrors}
          disabled={create.isPending}
        />
        {accounts.isError && (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void accounts.refetch()}>{t('common.retry')}</Button>}>
            {t('picker.loadFailed')}
          </Alert>
        )}
      </Card>
      <TotalsBar
        totals={check.totals}
        message={
          guardMessage && (check.totals.lineCount > 0 || attempted) ? (
            <Box component="span" data-testid="guard-message" sx={{ color: check.guardOk ? 'warning.main' : undefined }}>
              {msg(guardMessage.key, guardMessage.params)}
            </Box>
          ) : undefined
        }
        actions={
          <>
            <Button component={RouterLink} to={journalListPath(kind)} color="inherit">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveRounded />}
              loading={create.isPending}
              loadingPosition="start"
              disabled={!check.guardOk}
              data-testid="journal-submit"
            >
              {adjustment ? t('adjustment.submit') : t('journal.submit')}
            </Button>
          </>
        }
      />
    </Box>
  );
}
