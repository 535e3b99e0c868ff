import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { setServedPaths } from '../../lib/servedPaths';
import { user } from '../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../test/render';
import { NavItems } from './NavItems';

const none = { view: false, add: false, update: false, delete: false };
const view = { view: true, add: false, update: false, delete: false };

describe('vertical navigation', () => {
  beforeEach(() => setServedPaths(['/members', '/members/prospective', '/teller/session', '/reports/balance-sheet']));

  it('hides the sections the role may not view, highlights the active entry and opens its group', async () => {
    Cookies.set('csrf_token', 't');
    stubFetch(() => ({
      body: ok(
        user({
          role: { id: 'r', name: 'TELLER', code: 'TELLER' },
          permissions: { dashboard: view, member: view, teller: view, report: none, settings: none },
        }),
      ),
    }));
    renderWithProviders(<NavItems collapsed={false} menuStyle="pill" />, { auth: true, path: '/members/prospective' });
    await waitFor(() => expect(screen.getByTestId('nav-member')).toBeInTheDocument());
    expect(screen.getByTestId('nav-dashboard')).toHaveTextContent('Dashboard');
    expect(screen.getByTestId('nav-teller')).toHaveTextContent('Transaksi Teller');
    expect(screen.queryByTestId('nav-report')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-settings')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-member')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('nav-member.prospective')).toHaveAttribute('aria-current', 'page');
  });

  it("sends agents' dashboard entry to /dashboard-agent", async () => {
    Cookies.set('csrf_token', 't');
    stubFetch(() => ({
      body: ok(user({ isAgent: true, role: { id: 'r', name: 'AGENT', code: 'AGENT' }, permissions: { dashboard: view } })),
    }));
    renderWithProviders(<NavItems collapsed={false} menuStyle="pill" />, { auth: true, path: '/dashboard-agent' });
    await waitFor(() => expect(screen.getByTestId('nav-dashboard')).toHaveAttribute('href', '/dashboard-agent'));
    expect(screen.queryByTestId('nav-member')).not.toBeInTheDocument();
  });

  it('leaves out entries no screen serves yet, and a group whose entries are all unserved', async () => {
    Cookies.set('csrf_token', 't');
    setServedPaths(['/members', '/reports/balance-sheet']);
    stubFetch(() => ({
      body: ok(
        user({
          role: { id: 'r', name: 'Manajer', code: null },
          permissions: { dashboard: view, member: view, report: view, shu: view, teller: view },
        }),
      ),
    }));
    renderWithProviders(<NavItems collapsed={false} menuStyle="pill" />, { auth: true, path: '/members' });
    await waitFor(() => expect(screen.getByTestId('nav-member')).toBeInTheDocument());
    expect(screen.getByTestId('nav-member.list')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-member.upload')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-shu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-teller')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-report')).toBeInTheDocument();
  });
});
