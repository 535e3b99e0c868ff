import {
  MENU_SECTION_KEYS,
  MENU_SECTIONS,
  type MenuSection,
  type PermissionAction,
  type PermissionMatrix,
} from '@koperasi/contracts/permissions';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { renderWithProviders } from '../../../../test/render';
import { normalizeMatrix } from '../../lib/permissionMatrix';
import { PermissionMatrixEditor } from '../PermissionMatrixEditor';

beforeAll(async () => {
  await i18n.loadNamespaces(['access']);
});

function Harness(props: {
  initial?: PermissionMatrix;
  readOnly?: boolean;
  canEdit?: (s: MenuSection, a: PermissionAction) => boolean;
  onChange?: (m: PermissionMatrix) => void;
}) {
  const [value, setValue] = useState<PermissionMatrix>(props.initial ?? {});
  return (
    <PermissionMatrixEditor
      value={value}
      readOnly={props.readOnly}
      canEdit={props.canEdit}
      onChange={(m) => {
        setValue(m);
        props.onChange?.(m);
      }}
    />
  );
}

const cell = (s: MenuSection, a: PermissionAction) => screen.getByTestId(`perm-${s}-${a}`) as HTMLInputElement;
const checked = (s: MenuSection) => (['view', 'add', 'update', 'delete'] as const).filter((a) => cell(s, a).checked);

describe('PermissionMatrixEditor', () => {
  it('lists every menu section of spec section 2 in menu order with its Indonesian label', () => {
    renderWithProviders(<Harness />);
    const rows = screen.getAllByTestId(/^perm-row-/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(MENU_SECTION_KEYS.map((k) => `perm-row-${k}`));
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(MENU_SECTIONS.map((s) => s.id));
    expect(screen.getByRole('columnheader', { name: /Lihat/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Hapus/ })).toBeInTheDocument();
  });

  it('shows the English labels in English', async () => {
    await i18n.changeLanguage('en');
    try {
      renderWithProviders(<Harness />);
      expect(within(screen.getByTestId('perm-row-member_transaction')).getByRole('rowheader')).toHaveTextContent('Member Transactions');
      expect(screen.getByRole('columnheader', { name: /Delete/ })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('id');
    }
  });

  it('add, update or delete switches view on; taking view away clears the row', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.click(cell('member', 'delete'));
    expect(checked('member')).toEqual(['view', 'delete']);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ member: { view: true, add: false, update: false, delete: true } }));
    fireEvent.click(cell('member', 'add'));
    expect(checked('member')).toEqual(['view', 'add', 'delete']);
    fireEvent.click(cell('member', 'view'));
    expect(checked('member')).toEqual([]);
    // The change reports the whole matrix: every section, every action.
    const last = onChange.mock.lastCall![0] as PermissionMatrix;
    expect(Object.keys(last)).toEqual(MENU_SECTION_KEYS);
  });

  it('the row toggle fills a row, then clears it', () => {
    renderWithProviders(<Harness initial={{ branch: { view: true, add: false, update: false, delete: false } }} />);
    const toggle = screen.getByTestId('perm-rowtoggle-branch') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle).toHaveAttribute('data-indeterminate', 'true');
    fireEvent.click(toggle);
    expect(checked('branch')).toEqual(['view', 'add', 'update', 'delete']);
    expect((screen.getByTestId('perm-rowtoggle-branch') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('perm-rowtoggle-branch'));
    expect(checked('branch')).toEqual([]);
    expect(checked('area')).toEqual([]);
  });

  it('the column toggle gives an action on every menu (with view), then takes only that action back', () => {
    renderWithProviders(<Harness initial={{ report: { view: true, add: false, update: false, delete: false } }} />);
    fireEvent.click(screen.getByTestId('perm-col-delete'));
    for (const s of MENU_SECTION_KEYS) expect(checked(s)).toEqual(['view', 'delete']);
    fireEvent.click(screen.getByTestId('perm-col-delete'));
    for (const s of MENU_SECTION_KEYS) expect(cell(s, 'delete').checked).toBe(false);
    // View stays where the toggle gave it: taking delete away does not take view.
    expect(checked('report')).toEqual(['view']);
    expect(checked('dashboard')).toEqual(['view']);
    // Every menu has view now: the view toggle takes it (and so everything) away.
    fireEvent.click(screen.getByTestId('perm-col-view'));
    for (const s of MENU_SECTION_KEYS) expect(checked(s)).toEqual([]);
  });

  it('the corner toggle grants everything and takes everything back', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByTestId('perm-all'));
    expect(onChange.mock.lastCall![0]).toEqual(
      normalizeMatrix(Object.fromEntries(MENU_SECTION_KEYS.map((k) => [k, { delete: true, add: true, update: true }]))),
    );
    fireEvent.click(screen.getByTestId('perm-all'));
    expect(onChange.mock.lastCall![0]).toEqual(normalizeMatrix({}));
  });

  it('locked cells (rights the editor lacks) stay as they are, whatever the toggles do', () => {
    // The editor may not grant delete anywhere, nor anything on Akses Role.
    const canEdit = (s: MenuSection, a: PermissionAction) => a !== 'delete' && s !== 'access_role';
    renderWithProviders(<Harness canEdit={canEdit} initial={{ access_role: { view: true, add: false, update: false, delete: false } }} />);
    expect(cell('member', 'delete')).toBeDisabled();
    expect(cell('access_role', 'view')).toBeDisabled();
    fireEvent.click(screen.getByTestId('perm-all'));
    for (const s of MENU_SECTION_KEYS.filter((k) => k !== 'access_role')) expect(checked(s)).toEqual(['view', 'add', 'update']);
    expect(checked('access_role')).toEqual(['view']);
    fireEvent.click(screen.getByTestId('perm-rowtoggle-member'));
    expect(checked('member')).toEqual([]);
    expect(checked('access_role')).toEqual(['view']);
  });

  it('read-only shows the matrix without any control that changes it', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness readOnly onChange={onChange} initial={{ teller: { view: true, add: true, update: true, delete: false } }} />,
    );
    expect(screen.queryByTestId('perm-col-view')).toBeNull();
    expect(screen.queryByTestId('perm-all')).toBeNull();
    expect(cell('teller', 'add')).toBeChecked();
    expect(cell('teller', 'add')).toBeDisabled();
    expect(screen.getByTestId('perm-rowtoggle-teller')).toBeDisabled();
    fireEvent.click(cell('teller', 'add'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
