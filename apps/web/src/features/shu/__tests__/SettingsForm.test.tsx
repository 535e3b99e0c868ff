/**
 * The SHU settings form in the DOM: the accounts card picks the escrow account and an allocation's account, and the
 * save sends them with the rest of the settings; every jasa usaha basis is offered without a "not available" note
 * (they are all computed, docs/shu.md).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { SettingsForm } from '../components/SettingsForm';

beforeAll(async () => {
  await i18n.loadNamespaces(['shu', 'common']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const SETTINGS = {
  year: 2025,
  saved: true,
  sourceMembers: true,
  sourceNonMembers: false,
  escrowCoaId: null,
  shares: { RESERVE: 25, MEMBER_EQUITY: 25, MEMBER_TRANSACTION: 25, MANAGEMENT: 5, EMPLOYEE: 5, EDUCATION: 5, SOCIAL: 5, OTHER: 5 },
  sharesTotal: 100,
  equityBasis: 'YEAR_END_BALANCE',
  equityIncludeOtherSavings: false,
  transactionBasis: 'LOAN_INTEREST_PAID',
  taxPercent: 10,
  accounts: {
    RESERVE: 'a-reserve',
    MANAGEMENT: null,
    EMPLOYEE: null,
    EDUCATION: null,
    SOCIAL: null,
    OTHER: null,
    MEMBER_PAYABLE: null,
    TAX_PAYABLE: null,
  },
};
const acc = (id: string, code: string, name: string, type: string) => ({ id, code, name, type, isPostable: true, isActive: true });
const ACCOUNTS = [
  acc('a-reserve', '30301', 'Cadangan', 'EQUITY'),
  acc('a-reserve2', '30302', 'Cadangan Khusus', 'EQUITY'),
  acc('a-escrow', '20209', 'Titipan SHU Anggota', 'LIABILITY'),
];

function setup() {
  const posts: Array<Record<string, unknown>> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail')
      return { body: ok(user({ permissions: { shu: { view: true, add: true, update: true, delete: true } } } as never)) };
    if (url.pathname === '/api/shu/settings' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return { body: ok({ ...SETTINGS, ...body }, 'Saved') };
    }
    if (url.pathname === '/api/shu/settings') return { body: ok(SETTINGS) };
    if (url.pathname === '/api/coa') return { body: ok(ACCOUNTS) };
    return { body: ok(null) };
  });
  renderWithProviders(
    <Signed>
      <SettingsForm year={2025} locked={false} />
    </Signed>,
    { auth: true },
  );
  return posts;
}

describe('SHU SettingsForm', () => {
  it('picks the escrow and an allocation account and sends them with the settings', async () => {
    const posts = setup();
    const escrow = (await screen.findByTestId('shu-account-ESCROW')) as HTMLInputElement;
    await waitFor(() => expect((screen.getByTestId('shu-account-RESERVE') as HTMLInputElement).value).toBe('30301 · Cadangan'));
    expect(screen.queryByText(/Not available yet/)).toBeNull();
    await userEvent.type(escrow, '20209');
    await userEvent.keyboard('{Enter}');
    expect(escrow.value).toBe('20209 · Titipan SHU Anggota');
    const reserve = screen.getByTestId('shu-account-RESERVE') as HTMLInputElement;
    await userEvent.clear(reserve);
    await userEvent.type(reserve, 'Khusus');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      escrowCoaId: 'a-escrow',
      accounts: { RESERVE: 'a-reserve2', MANAGEMENT: null },
      transactionBasis: 'LOAN_INTEREST_PAID',
    });
  });
});
