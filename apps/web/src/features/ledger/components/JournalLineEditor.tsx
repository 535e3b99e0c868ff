/**
 * The journal line editor: one row per line (account picker, note, debit,
 * credit), add and remove lines, totals under the amounts. Keyboard: Tab
 * moves across the fields of a row and on to the next row; Enter (outside an
 * open account list) adds a line after the current one, pre-filled with the
 * difference that balances the journal, and puts the cursor on its account.
 * The logic lives in lib/lines.ts.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Dispatch, type KeyboardEvent, memo, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { useMessageText } from '../../../lib/i18n/messages';
import { type Check, type EditorLine, insertLineAfter, type LineProblem, removeLine, setCredit, setDebit } from '../lib/lines';
import { AccountPicker, type PickerAccount } from './AccountPicker';

/** Read by screen readers, not shown (the column headers say it). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface JournalLineEditorProps {
  lines: EditorLine[];
  /** Takes the new lines or a function of the current ones (rows update without re-rendering each other). */
  onChange: Dispatch<SetStateAction<EditorLine[]>>;
  accounts: PickerAccount[];
  accountsLoading?: boolean;
  check: Check;
  /** Show the problems of each line (after a submit attempt). */
  showErrors: boolean;
  /** Messages the server gave for lines, by line key. */
  serverErrors?: Record<string, string>;
  disabled?: boolean;
}

interface RowActions {
  update: (key: string, fn: (l: EditorLine) => EditorLine) => void;
  add: (afterKey: string) => void;
  remove: (key: string) => void;
  registerInput: (key: string, el: HTMLInputElement | null) => void;
}

interface LineRowProps {
  line: EditorLine;
  index: number;
  accounts: PickerAccount[];
  accountsLoading?: boolean;
  problem?: LineProblem;
  error?: string;
  serverError: boolean;
  disabled?: boolean;
  actions: RowActions;
}

const LineRow = memo(function LineRow({
  line: l,
  index: i,
  accounts,
  accountsLoading,
  problem: p,
  error: err,
  serverError,
  disabled,
  actions,
}: LineRowProps) {
  const { t } = useTranslation('ledger');
  const onKeyDown = (e: KeyboardEvent) => {
    // An open account list handles its own Enter (it prevents the default).
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.target as HTMLElement).tagName === 'BUTTON') return;
    e.preventDefault();
    actions.add(l.key);
  };
  const amountError = p === 'amount' || p === 'bothSides';
  return (
    <TableRow onKeyDown={onKeyDown} data-testid={`line-${i}`} hover>
      <TableCell sx={{ color: 'text.secondary', pt: '14px !important' }}>{i + 1}</TableCell>
      <TableCell>
        <AccountPicker
          options={accounts}
          loading={accountsLoading}
          value={l.account}
          onChange={(a) => actions.update(l.key, (x) => ({ ...x, account: a ? { id: a.id, code: a.code, name: a.name } : null }))}
          inputRef={(el: HTMLInputElement | null) => actions.registerInput(l.key, el)}
          ariaLabel={t('editor.accountOf', { n: i + 1 })}
          testId={`line-${i}-account`}
          error={Boolean(err) && (p === 'account' || serverError)}
          helperText={err}
          minWidth={260}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          name={`lines.${i}.description`}
          value={l.description}
          disabled={disabled}
          placeholder={t('editor.lineNotePlaceholder')}
          onChange={(e) => actions.update(l.key, (x) => ({ ...x, description: e.target.value }))}
          slotProps={{ htmlInput: { 'aria-label': t('editor.lineNoteOf', { n: i + 1 }), maxLength: 500 } }}
        />
      </TableCell>
      <TableCell>
        <Box component="label" htmlFor={`${l.key}-debit`} sx={visuallyHidden}>
          {t('editor.debitOf', { n: i + 1 })}
        </Box>
        <MoneyField
          id={`${l.key}-debit`}
          name={`lines.${i}.debit`}
          size="small"
          fullWidth
          value={l.debit}
          disabled={disabled}
          onChange={(v) => actions.update(l.key, (x) => setDebit(x, v))}
          error={amountError}
        />
      </TableCell>
      <TableCell>
        <Box component="label" htmlFor={`${l.key}-credit`} sx={visuallyHidden}>
          {t('editor.creditOf', { n: i + 1 })}
        </Box>
        <MoneyField
          id={`${l.key}-credit`}
          name={`lines.${i}.credit`}
          size="small"
          fullWidth
          value={l.credit}
          disabled={disabled}
          onChange={(v) => actions.update(l.key, (x) => setCredit(x, v))}
          error={amountError}
        />
      </TableCell>
      <TableCell sx={{ pt: '10px !important' }}>
        <Tooltip title={t('editor.removeLine')}>
          <span>
            <IconButton
              size="small"
              onClick={() => actions.remove(l.key)}
              disabled={disabled}
              aria-label={t('editor.removeLineOf', { n: i + 1 })}
              data-testid={`line-${i}-remove`}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
});

export function JournalLineEditor({
  lines,
  onChange,
  accounts,
  accountsLoading,
  check,
  showErrors,
  serverErrors = {},
  disabled,
}: JournalLineEditorProps) {
  const { t } = useTranslation('ledger');
  const msg = useMessageText();
  const accountInputs = useRef(new Map<string, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);

  useEffect(() => {
    if (!focusKey) return;
    accountInputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  // The latest lines for the row actions, which stay the same objects so unchanged rows skip rendering.
  const current = useRef(lines);
  current.current = lines;
  const actions = useMemo<RowActions>(
    () => ({
      update: (key, fn) => onChange((prev) => prev.map((l) => (l.key === key ? fn(l) : l))),
      add: (afterKey) => {
        const r = insertLineAfter(current.current, afterKey);
        onChange(r.lines);
        setFocusKey(r.added.key);
      },
      remove: (key) => {
        const i = current.current.findIndex((l) => l.key === key);
        const next = removeLine(current.current, key);
        onChange(next);
        setFocusKey(next[Math.min(i, next.length - 1)]?.key ?? null);
      },
      registerInput: (key, el) => {
        if (el) accountInputs.current.set(key, el);
        else accountInputs.current.delete(key);
      },
    }),
    [onChange],
  );

  const lineError = (l: EditorLine, n: number): string | undefined => {
    if (serverErrors[l.key]) return serverErrors[l.key];
    if (!showErrors) return undefined;
    const p = check.lines[l.key];
    if (!p) return undefined;
    if (p === 'account') return msg('validation.account_not_selected');
    if (p === 'bothSides') return msg('ledger.line_both_sides', { line: n });
    return msg('ledger.amount_not_positive', { line: n });
  };

  const head = { fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase' as const, color: 'text.secondary', whiteSpace: 'nowrap' };
  return (
    <Box data-testid="line-editor">
      <TableContainer>
        <Table size="small" sx={{ minWidth: 860, '& td': { borderBottomStyle: 'dashed', verticalAlign: 'top', py: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...head, width: 40 }}>#</TableCell>
              <TableCell sx={head}>{t('editor.account')}</TableCell>
              <TableCell sx={{ ...head, width: '24%' }}>{t('editor.lineNote')}</TableCell>
              <TableCell sx={{ ...head, width: 190 }} align="right">
                {t('col.debit')}
              </TableCell>
              <TableCell sx={{ ...head, width: 190 }} align="right">
                {t('col.credit')}
              </TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => (
              <LineRow
                key={l.key}
                line={l}
                index={i}
                accounts={accounts}
                accountsLoading={accountsLoading}
                problem={showErrors ? check.lines[l.key] : undefined}
                error={lineError(l, i + 1)}
                serverError={Boolean(serverErrors[l.key])}
                disabled={disabled}
                actions={actions}
              />
            ))}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td': { borderBottom: 0, fontSize: '0.875rem', color: 'text.primary' } }}>
              <TableCell colSpan={3}>
                <Button
                  startIcon={<AddRounded />}
                  size="small"
                  onClick={() => lines.length && actions.add(lines.at(-1)!.key)}
                  disabled={disabled}
                  data-testid="add-line"
                >
                  {t('editor.addLine')}
                </Button>
                <Typography component="span" sx={{ ml: 2, fontSize: '0.75rem', color: 'text.secondary' }}>
                  {t('editor.keyboardHint')}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                <MoneyText value={check.totals.totalDebit} />
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                <MoneyText value={check.totals.totalCredit} />
              </TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Box>
  );
}
