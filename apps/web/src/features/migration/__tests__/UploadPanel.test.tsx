/**
 * The migration upload in the DOM (issue 17 "a progress bar while it runs"):
 * the file goes out with XMLHttpRequest; while it is sent the bar shows the
 * percentage, then an indeterminate bar while the server checks the rows one
 * by one; the answer shows the valid and failed counts and the failed rows'
 * download. The upload is refused (button disabled) while one runs.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { UploadPanel } from '../components/UploadPanel';

class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  method = '';
  url = '';
  sent: FormData | null = null;
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.sent = body;
    FakeXhr.last = this;
  }
}

beforeAll(async () => {
  await i18n.loadNamespaces(['migration']);
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubFetch(() => ({ body: ok({ content: [], page: 0, limit: 10, totalElements: 0, totalPages: 0 }) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('migration UploadPanel', () => {
  it('shows the sending percentage, then the checking bar, then the counts and the failed rows download', async () => {
    renderWithProviders(<UploadPanel type="loans" locked={false} />);
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'pinjaman.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(screen.getByTestId('file-loans'), file);
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.timeout, Object.values(xhr.headers).includes('t')]).toEqual([
      'POST',
      '/api/migration/loans',
      600_000,
      true,
    ]);
    expect((xhr.sent!.get('file') as File).name).toBe('pinjaman.xlsx');
    // Sending: a determinate bar with the percentage; the upload button is disabled meanwhile.
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(i18n.t('migration:sending', { percent: 40 }))).toBeInTheDocument();
    expect(screen.getByTestId('upload-loans')).toBeDisabled();
    // Sent: the server checks the rows; an indeterminate bar.
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 100, total: 100 }));
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText(i18n.t('migration:checking'))).toBeInTheDocument();
    // The answer: counts, the failed rows' download; the bar is gone.
    xhr.status = 200;
    xhr.responseText = JSON.stringify(ok({ type: 'LOANS', rows: 3, valid: 2, failed: 1, total: '1000' }, 'Data berhasil diunggah'));
    act(() => xhr.onload!());
    const result = await screen.findByTestId('result-loans');
    expect(result).toHaveTextContent(i18n.t('migration:validCount', { count: 2 }));
    expect(result).toHaveTextContent(i18n.t('migration:failedCount', { count: 1 }));
    expect(screen.getByRole('button', { name: i18n.t('migration:downloadFailed') })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('upload-loans')).toBeEnabled();
  });
});
