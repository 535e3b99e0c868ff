/**
 * Cooperatives (tenants): registration, activation by link or code,
 * onboarding, and the demo cooperative.
 *
 * Registration creates the tenant inactive with its first SUPER ADMIN, the
 * three built-in roles and every module's defaults (chart of accounts, ...),
 * then sends the activation link by e-mail and a 6-digit code by SMS: the spec
 * has both readings, so either activates. Registering again while a
 * registration is pending answers ALREADY_STARTED while its code lives; once
 * the code expired, registering again reuses the pending cooperative with the
 * new details and sends new messages ("sign up again").
 */
import {
  BUILTIN_ROLE_NAMES,
  type CooperativeType,
  DEFAULT_ROLE_PERMISSIONS,
  type Lang,
  ROLE_CODES,
  type RoleCode,
  translate,
} from '@koperasi/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { inBackground, inEqualTime } from '../../lib/equal-time.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { hashPassword, passwordPolicyError } from '../../lib/password.ts';
import * as throttle from '../../lib/throttle.ts';
import { signPurposeToken, verifyPurposeToken } from '../../lib/tokens.ts';
import { CODE_TTL_MINUTES, checkCode, findLogin, issueCode, normalizeLogin } from '../auth/auth.repo.ts';
import { loadModules } from '../index.ts';
import type { TenantSeedInfo } from '../types.ts';
import * as repo from './tenants.repo.ts';

/** Limits of the built-in roles at creation; a cooperative edits them in Akses Role. NULL = no limit. */
const ROLE_DEFAULTS: Record<
  RoleCode,
  { withdrawal: string | null; loanRequest: string | null; loanApproval: string | null; release: boolean; cancel: boolean }
> = {
  SUPER_ADMIN: { withdrawal: null, loanRequest: null, loanApproval: null, release: true, cancel: true },
  TELLER: { withdrawal: '10000000', loanRequest: '0', loanApproval: '0', release: false, cancel: false },
  AGENT: { withdrawal: '2000000', loanRequest: '25000000', loanApproval: '0', release: false, cancel: false },
};

export interface NewTenant {
  name: string;
  cooperativeType: CooperativeType;
  fullName: string;
  email: string;
  phone: string | null;
  password: string;
  active: boolean;
  stepConfiguration?: number;
  demo?: boolean;
}

function splitName(full: string): { first: string; last: string | null } {
  const parts = full.trim().split(/\s+/);
  return { first: parts[0], last: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/** Roles, first admin, and every module's defaults, inside the tenant's first transaction. */
export async function createTenant(db: Db, t: NewTenant): Promise<TenantSeedInfo> {
  const tenantId = crypto.randomUUID();
  const passwordHash = await hashPassword(t.password);
  const modules = await loadModules();
  const ctx = systemCtx(db, tenantId, { requestId: 'registration' });
  const info = await db.tenant(tenantId, async (tx) => {
    await repo.insertTenant(tx, {
      tenantId,
      name: t.name,
      cooperativeType: t.cooperativeType,
      active: t.active,
      stepConfiguration: t.stepConfiguration ?? 1,
      phone: t.phone,
      email: t.email,
    });
    const roleIds = await createBuiltinRoles(tx, tenantId);
    const { first, last } = splitName(t.fullName);
    const adminId = await repo.insertFirstAdmin(tx, tenantId, {
      first,
      last,
      email: t.email,
      phone: t.phone,
      passwordHash,
      roleId: roleIds.SUPER_ADMIN,
    });
    const seedInfo: TenantSeedInfo = { tenantId, adminUserId: adminId, cooperativeName: t.name, demo: Boolean(t.demo) };
    for (const m of modules) if (m.seedTenant) await m.seedTenant(tx, ctx, seedInfo);
    await audit(
      tx,
      { ...ctx, userId: adminId },
      {
        action: 'tenant.register',
        entity: 'tenant',
        entityId: tenantId,
        after: { name: t.name, cooperativeType: t.cooperativeType, email: t.email, phone: t.phone },
      },
    );
    return seedInfo;
  });
  return info;
}

export async function createBuiltinRoles(tx: Tx, tenantId: string): Promise<Record<RoleCode, string>> {
  const ids = {} as Record<RoleCode, string>;
  for (const code of ROLE_CODES) {
    const d = ROLE_DEFAULTS[code];
    ids[code] = await repo.insertRole(tx, tenantId, {
      name: BUILTIN_ROLE_NAMES[code],
      code,
      permissions: DEFAULT_ROLE_PERMISSIONS[code],
      withdrawal: d.withdrawal,
      loanRequest: d.loanRequest,
      loanApproval: d.loanApproval,
      release: d.release,
      cancel: d.cancel,
    });
  }
  return ids;
}

// ---------------------------------------------------------------- registration

export interface RegisterInput {
  cooperativeName: string;
  cooperativeType: CooperativeType;
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

const ACTIVATION_LINK_TTL = 7 * 24 * 3600;

async function sendActivation(
  config: Config,
  notifier: Notifier,
  lang: Lang,
  t: { tenantId: string; name: string; fullName: string; email: string; phone: string },
  code: string,
) {
  const token = await signPurposeToken(config.jwtSecret, 'activate', { tid: t.tenantId }, ACTIVATION_LINK_TTL);
  const link = `${config.publicUrl}/activate?token=${encodeURIComponent(token)}`;
  const params = { name: t.name, fullName: t.fullName, link, code };
  await notifier.send({
    channel: 'email',
    to: t.email,
    subject: translate('notify.activation_subject', lang, params),
    text: translate('notify.activation_email', lang, params),
    link,
    code,
    tenantId: t.tenantId,
  });
  await notifier.send({ channel: 'sms', to: t.phone, text: translate('notify.activation_sms', lang, params), code, tenantId: t.tenantId });
}

export async function registerTenant(db: Db, config: Config, notifier: Notifier, input: RegisterInput, lang: Lang) {
  const policy = passwordPolicyError(input.password, {
    names: [input.fullName],
    email: input.email,
    cooperativeName: input.cooperativeName,
  });
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'password', message: policy }]);

  const byEmail = await findLogin(db, input.email);
  const byPhone = await findLogin(db, input.phoneNumber);
  if (byEmail?.tenant_active) throw conflict('EMAIL_TAKEN', 'auth.register_email_taken');
  if (byPhone?.tenant_active) throw conflict('PHONE_TAKEN', 'auth.register_phone_taken');
  if (byEmail && byPhone && byEmail.tenant_id !== byPhone.tenant_id) throw conflict('PHONE_TAKEN', 'auth.register_phone_taken');
  const pending = byEmail ?? byPhone;

  if (pending) {
    // A registration not yet activated: while its code lives, ask for the code; afterwards, start again.
    const live = await db.tenant(pending.tenant_id, (tx) => repo.liveActivationCode(tx, pending.tenant_id));
    if (live) {
      return {
        status: 'ALREADY_STARTED' as const,
        message: 'auth.register_already_started',
        email: input.email,
        phone: input.phoneNumber,
        expiresAt: live.expires_at,
      };
    }
    const passwordHash = await hashPassword(input.password);
    const { first, last } = splitName(input.fullName);
    const code = await db.tenant(pending.tenant_id, async (tx) => {
      await repo.updatePendingRegistration(tx, pending.tenant_id, pending.user_id, {
        name: input.cooperativeName,
        cooperativeType: input.cooperativeType,
        phone: input.phoneNumber,
        email: input.email,
        first,
        last,
        passwordHash,
      });
      await audit(tx, systemCtx(db, pending.tenant_id, { userId: pending.user_id }), {
        action: 'tenant.register_again',
        entity: 'tenant',
        entityId: pending.tenant_id,
        after: { name: input.cooperativeName, email: input.email, phone: input.phoneNumber },
      });
      return issueCode(tx, pending.tenant_id, 'ACTIVATION', input.email, pending.user_id);
    });
    await sendActivation(
      config,
      notifier,
      lang,
      { tenantId: pending.tenant_id, name: input.cooperativeName, fullName: input.fullName, email: input.email, phone: input.phoneNumber },
      code.code,
    );
    return {
      status: 'CODE_SENT' as const,
      message: 'auth.register_success',
      email: input.email,
      phone: input.phoneNumber,
      expiresAt: code.expiresAt,
    };
  }

  let info: TenantSeedInfo;
  try {
    info = await createTenant(db, {
      name: input.cooperativeName,
      cooperativeType: input.cooperativeType,
      fullName: input.fullName,
      email: input.email,
      phone: input.phoneNumber,
      password: input.password,
      active: false,
    });
  } catch (err) {
    // Two registrations racing for one e-mail or phone: the unique index decides.
    if ((err as { code?: string }).code === '23505') {
      const constraint = String((err as { constraint?: string }).constraint ?? '');
      throw conflict(
        constraint.includes('phone') ? 'PHONE_TAKEN' : 'EMAIL_TAKEN',
        constraint.includes('phone') ? 'auth.register_phone_taken' : 'auth.register_email_taken',
      );
    }
    throw err;
  }
  const code = await db.tenant(info.tenantId, (tx) => issueCode(tx, info.tenantId, 'ACTIVATION', input.email, info.adminUserId));
  await sendActivation(
    config,
    notifier,
    lang,
    { tenantId: info.tenantId, name: input.cooperativeName, fullName: input.fullName, email: input.email, phone: input.phoneNumber },
    code.code,
  );
  return {
    status: 'CODE_SENT' as const,
    message: 'auth.register_success',
    email: input.email,
    phone: input.phoneNumber,
    expiresAt: code.expiresAt,
  };
}

async function activate(tx: Tx, tenantId: string, db: Db, via: string): Promise<'ACTIVATED' | 'ALREADY_ACTIVE'> {
  const t = await repo.lockTenantActive(tx, tenantId);
  if (!t) throw badRequest('LINK_INVALID', 'auth.link_invalid');
  if (t.is_active) return 'ALREADY_ACTIVE';
  await repo.markTenantActive(tx, tenantId);
  await audit(tx, systemCtx(db, tenantId), { action: 'tenant.activate', entity: 'tenant', entityId: tenantId, after: { via } });
  return 'ACTIVATED';
}

/** GET register/verification?token=: the e-mailed link. A second click answers "already active". */
export async function activateByLink(db: Db, config: Config, token: string) {
  const claims = await verifyPurposeToken(config.jwtSecret, 'activate', token);
  if (!claims || typeof claims.tid !== 'string') throw badRequest('LINK_INVALID', 'auth.link_invalid');
  const tenantId = claims.tid;
  const status = await db.tenant(tenantId, (tx) => activate(tx, tenantId, db, 'link'));
  return { status, message: status === 'ACTIVATED' ? 'auth.activation_success' : 'auth.already_active' };
}

/** Sign-up by code: the 6-digit code from the SMS (or e-mail). An already verified account is accepted silently. */
export async function activateByCode(db: Db, username: string, code: string) {
  const account = await findLogin(db, username);
  if (!account) throw badRequest('CODE_INVALID', 'auth.code_invalid');
  if (account.tenant_active) return { status: 'ALREADY_VERIFIED' as const, message: 'auth.already_verified' };
  const target = account.email ?? account.phone ?? '';
  const check = await db.tenant(account.tenant_id, (tx) => checkCode(tx, account.tenant_id, 'ACTIVATION', target, code));
  if (check === 'EXPIRED' || check === 'NONE') throw new AppError(410, 'CODE_EXPIRED', 'auth.code_expired');
  if (check === 'LOCKED') throw new AppError(429, 'CODE_LOCKED', 'auth.code_too_many_attempts');
  if (check === 'WRONG') throw badRequest('CODE_INVALID', 'auth.code_invalid');
  const status = await db.tenant(account.tenant_id, (tx) => activate(tx, account.tenant_id, db, 'code'));
  return {
    status: status === 'ACTIVATED' ? ('ACTIVATED' as const) : ('ALREADY_VERIFIED' as const),
    message: status === 'ACTIVATED' ? 'auth.activation_success' : 'auth.already_verified',
  };
}

/** A new code for a pending registration: at most 5 an hour per account. */
/**
 * POST register/resend-code. Every account (unknown, awaiting activation or
 * already active) gets the same answer, CODE_SENT, in the same time and under
 * the same per-name limit; only an account awaiting activation is sent a code
 * (in the background). An active account signs in; saying so would tell a
 * stranger the address is registered (issue 18).
 */
export async function resendActivationCode(
  db: Db,
  config: Config,
  notifier: Notifier,
  username: string,
  lang: Lang,
  onError: (err: unknown) => void = () => undefined,
) {
  return inEqualTime(async () => {
    const state = await throttle.hit(db, `activation:${normalizeLogin(username)}`, 3600);
    if (state.hits > 5)
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'common.too_many_requests', { minutes: Math.ceil(state.resetIn / 60) });
    const account = await findLogin(db, username);
    if (account && !account.tenant_active) {
      inBackground(
        (async () => {
          const target = account.email ?? account.phone ?? '';
          const { t, code } = await db.tenant(account.tenant_id, async (tx) => {
            const t = await repo.tenantAndUserNames(tx, account.tenant_id, account.user_id);
            return { t: t!, code: await issueCode(tx, account.tenant_id, 'ACTIVATION', target, account.user_id) };
          });
          await sendActivation(
            config,
            notifier,
            lang,
            {
              tenantId: account.tenant_id,
              name: t.name,
              fullName: [t.first_name, t.last_name].filter(Boolean).join(' '),
              email: account.email ?? '',
              phone: account.phone ?? '',
            },
            code.code,
          );
        })(),
        onError,
      );
    }
    return { status: 'CODE_SENT' as const, ttlMinutes: CODE_TTL_MINUTES };
  });
}

// ---------------------------------------------------------------- onboarding

/**
 * Finishing the onboarding wizard stores the savings and loan product
 * configuration and moves stepConfiguration from 1 to 2 (the web then shows
 * its step 3, "finished"); `completeOnboarding` moves it to 3 (the app).
 * Product modules read `tenant.onboarding` to create the configured products.
 */
export type OnboardingHook = (
  tx: Tx,
  ctx: Ctx,
  config: { saving: Record<string, unknown>; loan: Record<string, unknown> },
) => Promise<void>;
const onboardingHooks: OnboardingHook[] = [];
export function onOnboardingFinished(hook: OnboardingHook) {
  onboardingHooks.push(hook);
}

export async function finishOnboarding(ctx: Ctx, body: { saving: Record<string, unknown>; loan: Record<string, unknown> }) {
  return withTx(ctx, async (tx) => {
    const before = await repo.lockOnboarding(tx, ctx.tenantId);
    const config = { saving: body.saving, loan: body.loan, deposit: false, load: false, service: false };
    await repo.saveOnboarding(tx, ctx.tenantId, config);
    for (const hook of onboardingHooks) await hook(tx, ctx, body);
    await audit(tx, ctx, { action: 'tenant.onboarding', entity: 'tenant', entityId: ctx.tenantId, before, after: config });
    return { stepConfiguration: 2, name: before?.name ?? '' };
  });
}

export async function completeOnboarding(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    await repo.markOnboardingComplete(tx, ctx.tenantId);
    await audit(tx, ctx, { action: 'tenant.onboarding_complete', entity: 'tenant', entityId: ctx.tenantId });
    return { stepConfiguration: 3 };
  });
}

export async function onboardingState(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const t = await repo.onboardingRow(tx, ctx.tenantId);
    return { stepConfiguration: t?.step_configuration ?? 1, configuration: t?.onboarding ?? null };
  });
}

// ---------------------------------------------------------------- demo

export const DEMO = {
  name: 'Koperasi Demo Sejahtera',
  email: 'demo@koperasi.id',
  password: 'Demo12345!',
  phone: '+6281200000001',
  fullName: 'Admin Demo',
};

/** Create the demo cooperative once (first start on PGlite, or SEED_DEMO=1); later modules add its data. */
export async function ensureDemoTenant(db: Db, log: (msg: string) => void): Promise<boolean> {
  const existing = await findLogin(db, DEMO.email);
  if (existing) return false;
  const info = await createTenant(db, {
    name: DEMO.name,
    cooperativeType: 'KSP',
    fullName: DEMO.fullName,
    email: DEMO.email,
    phone: DEMO.phone,
    password: DEMO.password,
    active: true,
    stepConfiguration: 3,
    demo: true,
  });
  const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'demo-seed' });
  for (const m of await loadModules()) {
    if (m.seedDemo) {
      await m.seedDemo(db, ctx, info);
      log(`demo data: ${m.name}`);
    }
  }
  return true;
}
