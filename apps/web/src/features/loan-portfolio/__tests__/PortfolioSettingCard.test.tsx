/**
 * The portfolio settings card in the DOM: the loaded settings, a change
 * confirmed then sent with PUT, the server's refusal shown in the card, the
 * day range checked before sending, and read-only without settings:update.
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
import { PortfolioSettingCard } from '../components/PortfolioSettingCard';

beforeAll(async () => {
  await i18n.loadNamespaces(['loan-portfolio']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const SETTING = { autoDebitPartial: true, reminderDays: 3, reminderOverdue: true, reminderChannel: 'SMS' };
const admin = (update: boolean) =>
  user({ permissions: { settings: { view: true, add: false, update, delete: false } } } as Parameters<typeof user>[0]);

function setup(opts: { update?: boolean; put?: { status: number; body: unknown } } = {}) {
  const puts: Array<Record<string, unknown>> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(admin(opts.update ?? true)) };
    if (url.pathname === '/api/loan/portfolio-setting' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return opts.put ?? { body: ok(body, 'Settings saved') };
    }
    if (url.pathname === '/api/loan/portfolio-setting') return { body: ok(SETTING) };
    return { body: ok(null) };
  });
  renderWithProviders(
    <Signed>
      <PortfolioSettingCard />
    </Signed>,
    { auth: true },
  );
  return puts;
}

describe('PortfolioSettingCard', () => {
  it('sends the change after the confirmation', async () => {
    const puts = setup();
    const partial = (await screen.findByTestId('setting-partial')).querySelector('input') as HTMLInputElement;
    expect(partial.checked).toBe(true);
    const save = screen.getByTestId('setting-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.click(partial);
    const days = screen.getByTestId('setting-days');
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    expect(screen.getByText('Reminder 5 days before the due date')).toBeTruthy();
    await userEvent.click(screen.getByTestId('setting-save'));
    expect(await screen.findByTestId('confirm-dialog')).toBeTruthy();
    expect(puts).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ autoDebitPartial: false, reminderDays: 5, reminderOverdue: true, reminderChannel: 'SMS' });
  });

  it("shows the server's refusal in the card", async () => {
    setup({
      put: { status: 403, body: { status: false, code: 403, errorCode: 'FORBIDDEN', message: 'Akses ditolak', data: null } },
    });
    const partial = (await screen.findByTestId('setting-partial')).querySelector('input') as HTMLInputElement;
    await userEvent.click(partial);
    await userEvent.click(screen.getByTestId('setting-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('setting-error')).textContent).toContain('Akses ditolak');
  });

  it('refuses days outside 0 to 60 before sending', async () => {
    const puts = setup();
    const days = await screen.findByTestId('setting-days');
    await userEvent.clear(days);
    await userEvent.type(days, '61');
    expect(screen.getByText('Enter 0 to 60 days')).toBeTruthy();
    expect((screen.getByTestId('setting-save') as HTMLButtonElement).disabled).toBe(true);
    expect(puts).toHaveLength(0);
  });

  it('is read-only without settings:update', async () => {
    setup({ update: false });
    expect(await screen.findByTestId('setting-readonly')).toBeTruthy();
    expect(screen.queryByTestId('setting-save')).toBeNull();
    expect(((await screen.findByTestId('setting-partial')).querySelector('input') as HTMLInputElement).disabled).toBe(true);
  });
});
