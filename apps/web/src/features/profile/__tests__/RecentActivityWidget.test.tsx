/**
 * The dashboard's recent activity reads as sentences in the user's language:
 * every audit action the server writes has its text, and an action the app
 * does not know yet still reads as a sentence, never as its code.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import RecentActivityWidget from '../components/RecentActivityWidget';

beforeAll(async () => {
  await i18n.loadNamespaces(['profile']);
});

const row = (action: string | null, type: 'ACTION' | 'SIGN_IN' = 'ACTION') => ({
  type,
  at: new Date().toISOString(),
  ip: null,
  userAgent: null,
  action,
  entity: null,
  entityId: null,
  active: null,
  current: null,
});

/** Every literal audit action in the server's sources (`action: 'saving.demo_month'`). */
function serverActions(): string[] {
  const root = path.resolve(__dirname, '../../../../../api/src');
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/action: ['`]([a-z_]+\.[a-z_]+)['`]/g)) out.add(m[1]!);
    }
  };
  walk(root);
  out.delete('auth.login');
  return [...out].sort();
}

describe('recent activity widget', () => {
  it("shows human sentences in the user's language, never codes", async () => {
    Cookies.set('csrf_token', 't');
    stubFetch((url) =>
      url.pathname === '/api/profile/activity'
        ? {
            body: ok({ content: [row('saving.demo_month'), row('member.create'), row('saving.freeze_all'), row('x.y')], totalElements: 4 }),
          }
        : { status: 404, body: { status: false, message: 'x' } },
    );
    renderWithProviders(<RecentActivityWidget />);
    const widget = await screen.findByTestId('widget-recent-activity');
    await screen.findByText('Mengisi transaksi simpanan contoh sebulan');
    expect(widget).toHaveTextContent('Menambah anggota');
    expect(widget).toHaveTextContent('Mencatat aktivitas pada simpanan');
    expect(widget).toHaveTextContent('Mencatat aktivitas lain');
    expect(widget.textContent).not.toMatch(/·|demo month|_/);
  });

  it('has a sentence for every audit action the server writes, in every language', () => {
    const actions = serverActions();
    expect(actions.length).toBeGreaterThan(40);
    for (const lang of ['id', 'en', 'zh', 'ar', 'it', 'es', 'fr']) {
      const p = JSON.parse(readFileSync(path.resolve(__dirname, `../../../locales/${lang}/profile.json`), 'utf8'));
      const missing = actions.filter((a) => {
        const [e, v] = a.split('.') as [string, string];
        return !p.actions?.[e]?.[v] && !(p.verbs?.[v] && p.entities?.[e]);
      });
      expect(missing, lang).toEqual([]);
    }
  });
});
