/**
 * The permission matrix of a role: one row per menu section of spec section 2
 * (in menu order, labelled from contracts MENU_SECTIONS), one column per
 * action (view, add, update, delete). Each row and each column has a toggle;
 * the corner toggles everything. add/update/delete switch view on, and
 * taking view away takes the row's other rights (lib/permissionMatrix.ts).
 * `canEdit` locks cells the editor may not change.
 */
import {
  MENU_SECTION_KEYS,
  type MenuSection,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionMatrix,
} from '@koperasi/contracts/permissions';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type InputHTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CellGuard,
  columnState,
  normalizeMatrix,
  rowState,
  sectionLabel,
  toggleAll,
  toggleCell,
  toggleColumn,
  toggleRow,
} from '../lib/permissionMatrix';

/** Label and test id of a checkbox's input. */
const box = (label: string, testId: string) => ({ 'aria-label': label, 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

export interface PermissionMatrixEditorProps {
  value: PermissionMatrix | null | undefined;
  onChange?: (next: PermissionMatrix) => void;
  readOnly?: boolean;
  /** False for a cell the editor may not change (default: every cell). */
  canEdit?: CellGuard;
}

export function PermissionMatrixEditor({ value, onChange, readOnly, canEdit }: PermissionMatrixEditorProps) {
  const { t, i18n } = useTranslation('access');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const m = useMemo(() => normalizeMatrix(value), [value]);
  const can: CellGuard = (s, a) => !readOnly && (canEdit ? canEdit(s, a) : true);
  const anyEditable = !readOnly && MENU_SECTION_KEYS.some((s) => PERMISSION_ACTIONS.some((a) => can(s, a)));
  const emit = (next: PermissionMatrix) => onChange?.(next);
  const actionLabel = (a: PermissionAction) => t(`roles.actions.${a}`);
  const allOn = MENU_SECTION_KEYS.every((s) => PERMISSION_ACTIONS.every((a) => m[s][a] || !can(s, a)));
  const anyOn = MENU_SECTION_KEYS.some((s) => PERMISSION_ACTIONS.some((a) => m[s][a]));

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="permission-matrix">
      <Table size="small" stickyHeader aria-label={t('roles.matrix.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, minWidth: 200 }}>{t('roles.matrix.section')}</TableCell>
            {PERMISSION_ACTIONS.map((a) => {
              const state = columnState(m, a, can);
              return (
                <TableCell key={a} align="center" sx={{ fontWeight: 600, width: 96, px: 0.5 }}>
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                    <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{actionLabel(a)}</Typography>
                    {anyEditable && (
                      <Checkbox
                        size="small"
                        checked={state === 'all'}
                        indeterminate={state === 'some'}
                        onChange={() => emit(toggleColumn(m, a, can))}
                        slotProps={{ input: box(t('roles.matrix.toggleColumn', { action: actionLabel(a) }), `perm-col-${a}`) }}
                      />
                    )}
                  </Box>
                </TableCell>
              );
            })}
            <TableCell align="center" sx={{ fontWeight: 600, width: 96, px: 0.5 }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{t('roles.matrix.all')}</Typography>
                {anyEditable && (
                  <Checkbox
                    size="small"
                    checked={allOn && anyOn}
                    indeterminate={anyOn && !allOn}
                    onChange={() => emit(toggleAll(m, !(allOn && anyOn), can))}
                    slotProps={{ input: box(t('roles.matrix.toggleAll'), 'perm-all') }}
                  />
                )}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {MENU_SECTION_KEYS.map((s: MenuSection) => {
            const label = sectionLabel(s, lang);
            const state = rowState(m, s, can);
            const rowEditable = PERMISSION_ACTIONS.some((a) => can(s, a));
            return (
              <TableRow key={s} hover data-testid={`perm-row-${s}`}>
                <TableCell component="th" scope="row" sx={{ fontSize: '0.8125rem', fontWeight: 500 }}>
                  {label}
                </TableCell>
                {PERMISSION_ACTIONS.map((a) => (
                  <TableCell key={a} align="center" sx={{ px: 0.5 }}>
                    <Checkbox
                      size="small"
                      checked={m[s][a]}
                      disabled={!can(s, a)}
                      onChange={(e) => can(s, a) && emit(toggleCell(m, s, a, e.target.checked, can))}
                      slotProps={{ input: box(`${label}: ${actionLabel(a)}`, `perm-${s}-${a}`) }}
                    />
                  </TableCell>
                ))}
                <TableCell align="center" sx={{ px: 0.5 }}>
                  <Checkbox
                    size="small"
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={!rowEditable}
                    onChange={() => rowEditable && emit(toggleRow(m, s, can))}
                    slotProps={{ input: box(t('roles.matrix.toggleRow', { section: label }), `perm-rowtoggle-${s}`) }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
