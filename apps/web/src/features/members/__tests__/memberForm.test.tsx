/**
 * The member form's validation mapping: values to the API body, the
 * contracts schema's messages on the fields (empty fields "wajib diisi",
 * NIK 16 digits, Indonesian phones), only changed fields in PATCH, and the
 * server's field errors (with the message filled in) on the fields.
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { notifyError } from '../../../lib/notify';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { MemberForm } from '../components/MemberForm';
import {
  applyMemberServerErrors,
  emptyMemberForm,
  formToBody,
  type MemberFormValues,
  memberFormResolver,
  memberToForm,
  patchBody,
} from '../lib/memberForm';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
  clearLastError: vi.fn(),
  errorMessage: (e: Error) => e.message,
}));

beforeAll(async () => {
  await loadFullCatalog();
  await i18n.loadNamespaces(['members']);
});

const filled = (over: Partial<MemberFormValues> = {}): MemberFormValues => ({
  ...emptyMemberForm('PROSPECTIVE'),
  fullName: '  Siti   Aminah ',
  gender: 'P',
  birthDate: '1990-04-02',
  identityNumber: '3273 0142 0490 0001',
  phone: '0812-3456-7001',
  address: 'Jl. Cihampelas No. 12, Bandung',
  ...over,
});

const resolve = (v: MemberFormValues) => memberFormResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false } as never);

const member: MemberDetail = {
  id: '4b8f2a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  cifNumber: '2026000007',
  fullName: 'Budi Santoso',
  gender: 'L',
  birthDate: '1985-03-12',
  phone: '+6281234567001',
  identityType: 'KTP',
  identityNumber: '3273011203850001',
  address: 'Jl. Merdeka 1, Bandung',
  memberType: 'MEMBER',
  status: 'ACTIVE',
  isActive: true,
  joinDate: '2024-01-02',
  exitDate: null,
  branchId: null,
  branchName: null,
  areaId: null,
  areaName: null,
  agentId: null,
  upgradeStatus: null,
  principalStatus: 'PAID',
  registrationChannel: 'STAFF',
  createdDate: '2024-01-02T03:00:00.000Z',
  birthPlace: 'Bandung',
  familyCardNumber: null,
  occupation: 'Pedagang',
  exitReason: null,
  loanLimit: null,
  groupName: null,
  closestFamilyName: null,
  closestFamilyRelationship: null,
  closestFamilyPhone: null,
  agentName: null,
  isSendNotification: true,
  hasPin: false,
  pinChangedAt: null,
  photos: { self: null, identityCard: null, familyCard: null },
  interview: { date: null, interviewerId: null, interviewerName: null, notes: null, result: null, recordedBy: null, recordedAt: null },
  approval: { status: null, reason: null, by: null, byName: null, at: null },
  upgrade: { status: null, reason: null, requestedAt: null, requestedBy: null, decidedAt: null, decidedBy: null },
  principal: { status: 'PAID', owed: null, paidAt: null },
  registeredBy: null,
  registeredByName: 'Admin Uji',
  updatedBy: null,
  updatedByName: null,
  updatedDate: '2024-01-02T03:00:00.000Z',
  summary: {
    countEquity: 0,
    countSaving: 0,
    countDeposit: 0,
    countLoanRunning: 0,
    countLoanRejected: 0,
    countLoanPaidOff: 0,
    countLoanWaiting: 0,
    amountEquity: 0,
    amountSaving: 0,
    amountDeposit: 0,
    loanOutstanding: 0,
    storesOwed: 0,
    principalOwed: 0,
  },
};

describe('member form mapping', () => {
  it('turns empty choices into null and keeps the join date for members only', () => {
    const prospective = formToBody(filled({ joinDate: '2026-01-01' }));
    expect(prospective).toMatchObject({ branchId: null, areaId: null, agentId: null });
    expect(prospective).not.toHaveProperty('joinDate');
    expect(formToBody(filled({ memberType: 'MEMBER', joinDate: '2026-01-01', branchId: 'b1' }))).toMatchObject({
      joinDate: '2026-01-01',
      branchId: 'b1',
    });
    const empty = formToBody(emptyMemberForm());
    expect(empty).not.toHaveProperty('gender');
    expect(empty).not.toHaveProperty('birthDate');
  });

  it('shows the catalogue message of every empty required field, not a type error', async () => {
    const r = await resolve(emptyMemberForm());
    const messages = Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message: string }).message]));
    expect(messages).toEqual({
      fullName: 'validation.required',
      gender: 'validation.must_choose',
      birthDate: 'validation.required',
      phone: 'validation.required',
      identityNumber: 'member.identity_required',
      address: 'validation.required',
    });
  });

  it('checks the NIK, the family card and the phone as the server does', async () => {
    const bad = await resolve(filled({ identityNumber: '327301420490000', familyCardNumber: '12345', phone: '0812' }));
    expect(bad.errors).toMatchObject({
      identityNumber: { message: 'member.nik_16_digits' },
      familyCardNumber: { message: 'member.kk_16_digits' },
      phone: { message: 'member.phone_invalid' },
    });
    // A driving licence has 12 to 14 digits; the same number is not a NIK.
    expect((await resolve(filled({ identityType: 'SIM', identityNumber: '1234567890123' }))).errors).toEqual({});
    expect((await resolve(filled({ identityNumber: '1234567890123' }))).errors).toMatchObject({
      identityNumber: { message: 'member.nik_16_digits' },
    });
  });

  it('gives the parsed body: trimmed name, NIK without spaces, phone in E.164', async () => {
    const r = await resolve(filled({ closestFamilyPhone: '+62 813 1111 2222', occupation: '' }));
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({
      fullName: 'Siti Aminah',
      identityNumber: '3273014204900001',
      phone: '+6281234567001',
      closestFamilyPhone: '+6281311112222',
      occupation: null,
      memberType: 'PROSPECTIVE',
    });
  });

  it('sends only the changed fields in PATCH, identity type and number together', async () => {
    const values = memberToForm(member);
    expect(values.phone).toBe('081234567001');
    const parsed = (await resolve({ ...values, address: 'Jl. Baru 2', identityNumber: '3273011203850002' })).values as never;
    expect(patchBody(member.id, parsed, { address: true, identityNumber: true, isSendNotification: true })).toEqual({
      id: member.id,
      address: 'Jl. Baru 2',
      identityNumber: '3273011203850002',
      identityType: 'KTP',
    });
    expect(patchBody(member.id, parsed, {})).toEqual({ id: member.id });
  });

  it('puts server field errors on the fields, filling a message the server left with placeholders', () => {
    const setError = vi.fn();
    const form = { setError, getValues: () => filled() } as never;
    const taken = new ApiError(
      'Nomor identitas 3273014204900001 sudah terdaftar atas nama Siti Aminah (2026000003)',
      'server',
      409,
      'IDENTITY_TAKEN',
      [{ field: 'identityNumber', message: 'Nomor identitas {identityNumber} sudah terdaftar atas nama {name} ({cif})' }],
    );
    expect(applyMemberServerErrors(form, taken)).toEqual(['identityNumber']);
    expect(setError).toHaveBeenCalledWith(
      'identityNumber',
      { type: 'server', message: 'Nomor identitas 3273014204900001 sudah terdaftar atas nama Siti Aminah (2026000003)' },
      { shouldFocus: true },
    );
    setError.mockClear();
    const several = new ApiError('Nama lengkap wajib diisi', 'server', 400, 'VALIDATION_FAILED', [
      { field: 'fullName', message: 'Nama lengkap wajib diisi' },
      { field: 'memberId', message: 'Anggota tidak valid' },
      { field: 'phone', message: 'Nomor ponsel tidak valid' },
    ]);
    expect(applyMemberServerErrors(form, several)).toEqual(['fullName', 'phone']);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(applyMemberServerErrors(form, new Error('network'))).toEqual([]);
  });
});

describe('<MemberForm> editing a member', () => {
  it('shows field messages, sends only changes and shows the server refusal on the field', async () => {
    const calls = stubFetch((url, init) => {
      if (url.pathname === '/api/member/form-options') return { body: ok({ branches: [], areas: [], agents: [], staff: [] }) };
      if (url.pathname.endsWith('/suggestion-cif')) return { body: ok({ cifNumber: '2026000099', pattern: '{YYYY}{SEQ:6}' }) };
      if (url.pathname === '/api/member' && init.method === 'PATCH') {
        const b = JSON.parse(String(init.body)) as Record<string, unknown>;
        if (b.identityNumber === '3273011203850009') {
          return {
            status: 409,
            body: {
              status: false,
              code: 409,
              message: 'Nomor identitas 3273011203850009 sudah terdaftar atas nama Rina (2026000001)',
              errorCode: 'IDENTITY_TAKEN',
              data: {
                fields: [{ field: 'identityNumber', message: 'Nomor identitas {identityNumber} sudah terdaftar atas nama {name} ({cif})' }],
              },
            },
          };
        }
        return { body: ok({ ...member, ...b }, 'Data anggota berhasil diubah') };
      }
      return { status: 404, body: { status: false, code: 404, message: 'x' } };
    });
    const saved = vi.fn();
    renderWithProviders(<MemberForm member={member} onSaved={saved} onCancel={() => undefined} />);
    const user = userEvent.setup();
    const nik = screen.getByTestId('field-identityNumber');
    await user.clear(nik);
    await user.type(nik, '32730112038500');
    await user.click(screen.getByTestId('member-form-submit'));
    expect(await screen.findByText('NIK (nomor KTP) harus 16 digit angka')).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'PATCH')).toHaveLength(0);

    await user.clear(nik);
    await user.type(nik, '3273011203850009');
    await user.click(screen.getByTestId('member-form-submit'));
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'PATCH')).toHaveLength(1), { timeout: 5000 });
    expect(
      await screen.findByText('Nomor identitas 3273011203850009 sudah terdaftar atas nama Rina (2026000001)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(notifyError).not.toHaveBeenCalled();
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init.body))).toEqual({ id: member.id, identityNumber: '3273011203850009', identityType: 'KTP' });

    const name = screen.getByTestId('field-fullName');
    await user.clear(name);
    await user.click(screen.getByTestId('member-form-submit'));
    expect(await screen.findByText('Nama lengkap wajib diisi')).toBeInTheDocument();
    await user.type(name, 'Budi Santosa');
    await user.clear(nik);
    await user.type(nik, '3273011203850001');
    await user.click(screen.getByTestId('member-form-submit'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const last = calls.filter((c) => c.init.method === 'PATCH').at(-1)!;
    expect(JSON.parse(String(last.init.body))).toEqual({ id: member.id, fullName: 'Budi Santosa' });
  });
});
