/** Members: interview, approval (prospective and become-member), upgrade request and exit (check and confirm). Decisions: members.service.ts. */
import { type memberApprovalBody, type memberInterviewBody, type memberUpgradeBody, translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { z } from 'zod';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { userExists } from './members.lookups.repo.ts';
import { type CollectedExitItem, collectExitChecks, runApprovalHooks, runExitSettlements } from './members.registry.ts';
import { findFull, type MemberFullRow, toRefFromRow, updateMember } from './members.repo.ts';
import { checkAge, detailOf, fieldError, loadLocked, principalOnAdmission, regulation, stateError, todayWib } from './members.rules.ts';

// ---------------------------------------------------------------- lifecycle

export async function interview(ctx: Ctx, b: z.output<typeof memberInterviewBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    const prospective = m.member_type === 'PROSPECTIVE' && (m.status === 'WAITING_INTERVIEW' || m.status === 'WAITING_APPROVAL');
    const upgrade = m.member_type === 'NON_MEMBER' && m.status === 'ACTIVE' && m.upgrade_status === 'WAITING_APPROVAL';
    if (!prospective && !upgrade) throw stateError(m);
    let interviewerId = b.interviewerId ?? null;
    if (interviewerId) {
      if (!(await userExists(tx, interviewerId)))
        throw new AppError(422, 'INTERVIEWER_NOT_FOUND', 'auth.no_user', undefined, [{ field: 'interviewerId', message: 'auth.no_user' }]);
    } else if (!b.interviewerName) {
      interviewerId = ctx.userId;
    }
    const changes = {
      interview_date: b.interviewDate,
      interviewer_id: interviewerId,
      interviewer_name: b.interviewerName ?? null,
      interview_notes: b.notes,
      interview_result: b.result,
      interviewed_by: ctx.userId,
      interviewed_at: new Date(),
      ...(prospective ? { status: 'WAITING_APPROVAL' } : {}),
    };
    await updateMember(tx, m.id, changes, ctx.userId);
    await audit(tx, ctx, {
      action: 'member.interview',
      entity: 'member',
      entityId: m.id,
      before: { status: m.status, interviewResult: m.interview_result },
      after: {
        status: prospective ? 'WAITING_APPROVAL' : m.status,
        interviewDate: b.interviewDate,
        interviewerId,
        interviewerName: b.interviewerName ?? null,
        notes: b.notes,
        result: b.result,
      },
    });
    return detailOf(tx, ctx, m.id);
  });
}

/** Admit a member (prospective approval or a non-member's upgrade): hooks, principal saving, join date. */
async function admit(tx: Tx, ctx: Ctx, m: MemberFullRow, kind: 'PROSPECTIVE' | 'UPGRADE', joinDate: string, reason: string | null) {
  const reg = await regulation(tx, ctx.tenantId);
  checkAge(m.birth_date, reg.minimumMemberAge, joinDate);
  if (m.birth_date && joinDate < m.birth_date) throw fieldError('JOIN_BEFORE_BIRTH', 'member.join_before_birth', 'joinDate');
  const hooks = await runApprovalHooks(tx, ctx, toRefFromRow(m), { kind, joinDate });
  const principal = hooks.principal
    ? hooks.principal.status === 'PAID'
      ? { principal_status: 'PAID', principal_owed: null, principal_paid_at: new Date() }
      : { principal_status: 'OWED', principal_owed: hooks.principal.amount?.toFixed(2) ?? null }
    : principalOnAdmission(reg.principalSavingAmount);
  const now = new Date();
  const changes: Record<string, unknown> = { member_type: 'MEMBER', status: 'ACTIVE', join_date: joinDate, ...principal };
  if (kind === 'PROSPECTIVE')
    Object.assign(changes, { approval_status: 'APPROVED', approval_reason: reason, approved_by: ctx.userId, approved_at: now });
  else
    Object.assign(changes, {
      upgrade_status: 'APPROVED',
      upgrade_decided_by: ctx.userId,
      upgrade_decided_at: now,
      approval_reason: reason,
    });
  await updateMember(tx, m.id, changes, ctx.userId);
  await audit(tx, ctx, {
    action: kind === 'PROSPECTIVE' ? 'member.approve' : 'member.upgrade',
    entity: 'member',
    entityId: m.id,
    before: { memberType: m.member_type, status: m.status, upgradeStatus: m.upgrade_status },
    after: {
      memberType: 'MEMBER',
      status: 'ACTIVE',
      joinDate,
      reason,
      principalStatus: changes.principal_status,
      principalOwed: changes.principal_owed ?? null,
    },
  });
  return changes.principal_status as string;
}

export async function approval(ctx: Ctx, b: z.output<typeof memberApprovalBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    const now = new Date();
    const reason = b.reason ?? null;
    const today = todayWib();
    let outcome: 'APPROVED' | 'REJECTED' | 'UPGRADED' | 'UPGRADE_REJECTED';
    let principalStatus: string | null = null;
    if (m.member_type === 'PROSPECTIVE' && m.is_active) {
      if (b.status === 'REJECTED') {
        await updateMember(
          tx,
          m.id,
          { status: 'REJECTED', approval_status: 'REJECTED', approval_reason: reason, approved_by: ctx.userId, approved_at: now },
          ctx.userId,
        );
        await audit(tx, ctx, {
          action: 'member.reject',
          entity: 'member',
          entityId: m.id,
          before: { status: m.status },
          after: { status: 'REJECTED', reason },
        });
        outcome = 'REJECTED';
      } else {
        const reg = await regulation(tx, ctx.tenantId);
        if (m.status === 'WAITING_INTERVIEW' && reg.membershipRequiresApproval)
          throw unprocessable('INTERVIEW_REQUIRED', 'member.interview_required');
        principalStatus = await admit(tx, ctx, m, 'PROSPECTIVE', b.joinDate ?? today, reason);
        outcome = 'APPROVED';
      }
    } else if (m.member_type === 'NON_MEMBER' && m.status === 'ACTIVE' && m.upgrade_status === 'WAITING_APPROVAL') {
      if (b.status === 'REJECTED') {
        await updateMember(
          tx,
          m.id,
          { upgrade_status: 'REJECTED', upgrade_decided_by: ctx.userId, upgrade_decided_at: now, approval_reason: reason },
          ctx.userId,
        );
        await audit(tx, ctx, {
          action: 'member.upgrade_reject',
          entity: 'member',
          entityId: m.id,
          before: { upgradeStatus: m.upgrade_status },
          after: { upgradeStatus: 'REJECTED', reason },
        });
        outcome = 'UPGRADE_REJECTED';
      } else {
        principalStatus = await admit(tx, ctx, m, 'UPGRADE', b.joinDate ?? today, reason);
        outcome = 'UPGRADED';
      }
    } else {
      throw unprocessable('NO_PENDING_REQUEST', 'member.no_request');
    }
    const detail = await detailOf(tx, ctx, m.id);
    return { outcome, principalStatus, member: detail };
  });
}

export async function upgradeVerify(ctx: Ctx, b: z.output<typeof memberUpgradeBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    if (m.member_type !== 'NON_MEMBER' || m.status !== 'ACTIVE') throw unprocessable('NOT_NON_MEMBER', 'member.upgrade_only_non_member');
    if (m.upgrade_status === 'WAITING_APPROVAL') throw conflict('UPGRADE_PENDING', 'member.upgrade_pending');
    const reason = b.reason ?? null;
    if (b.isNeedApproval) {
      await updateMember(
        tx,
        m.id,
        {
          upgrade_status: 'WAITING_APPROVAL',
          upgrade_requested_at: new Date(),
          upgrade_requested_by: ctx.userId,
          upgrade_reason: reason,
          upgrade_decided_at: null,
          upgrade_decided_by: null,
        },
        ctx.userId,
      );
      await audit(tx, ctx, {
        action: 'member.upgrade_request',
        entity: 'member',
        entityId: m.id,
        before: { upgradeStatus: m.upgrade_status },
        after: { upgradeStatus: 'WAITING_APPROVAL', reason },
      });
      return { outcome: 'WAITING_APPROVAL' as const, principalStatus: null, member: await detailOf(tx, ctx, m.id) };
    }
    await updateMember(
      tx,
      m.id,
      { upgrade_requested_at: new Date(), upgrade_requested_by: ctx.userId, upgrade_reason: reason },
      ctx.userId,
    );
    const principalStatus = await admit(tx, ctx, m, 'UPGRADE', todayWib(), reason);
    return { outcome: 'UPGRADED' as const, principalStatus, member: await detailOf(tx, ctx, m.id) };
  });
}

// ---------------------------------------------------------------- exit

function exitItemsView(items: CollectedExitItem[], lang: Ctx['lang']) {
  return items.map((i) => ({
    module: i.module,
    kind: i.kind,
    id: i.id ?? null,
    label: i.label,
    amount: i.amount == null ? null : dec(i.amount),
    message: i.messageKey ? translate(i.messageKey, lang, i.params) : i.label,
  }));
}

async function exitState(tx: Tx, ctx: Ctx, m: MemberFullRow) {
  if (m.status !== 'ACTIVE' || m.member_type === 'PROSPECTIVE') throw unprocessable('EXIT_NOT_ALLOWED', 'member.exit_only_active');
  const r = await collectExitChecks(tx, ctx, toRefFromRow(m));
  const settlement = exitItemsView(r.settlement, ctx.lang);
  return {
    raw: r,
    view: {
      memberId: m.id,
      cifNumber: m.cif_number,
      fullName: m.full_name,
      canExit: r.blocking.length === 0,
      blocking: exitItemsView(r.blocking, ctx.lang),
      settlement,
      settlementTotal: settlement.reduce((s, i) => (i.amount ? s.plus(i.amount) : s), dec(0)),
    },
  };
}

export async function exitCheck(ctx: Ctx, memberId: string) {
  return withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    return (await exitState(tx, ctx, m)).view;
  });
}

export async function exitConfirm(
  ctx: Ctx,
  body: { memberId: string; exitDate?: string | null; reason?: string | null; [k: string]: unknown },
) {
  return withTx(
    ctx,
    async (tx) => {
      const m = await loadLocked(tx, ctx, body.memberId);
      const exitDate = body.exitDate ?? todayWib();
      if (m.join_date && exitDate < m.join_date) throw fieldError('EXIT_BEFORE_JOIN', 'member.exit_before_join', 'exitDate');
      const { raw, view } = await exitState(tx, ctx, m);
      if (!view.canExit) {
        throw new AppError(
          422,
          'MEMBER_EXIT_BLOCKED',
          'member.exit_blocked',
          { items: view.blocking.map((b) => b.message).join('; ') },
          view.blocking.map((b) => ({ field: b.kind, message: b.message })),
        );
      }
      const { memberId: _id, exitDate: _d, reason: _r, ...options } = body;
      await runExitSettlements(tx, ctx, toRefFromRow(m), { exitDate, reason: body.reason ?? null, options }, raw.byModule);
      await updateMember(
        tx,
        m.id,
        {
          status: 'EXITED',
          exit_date: exitDate,
          exit_reason: body.reason ?? null,
          exited_by: ctx.userId,
          ...(m.upgrade_status === 'WAITING_APPROVAL'
            ? { upgrade_status: 'REJECTED', upgrade_decided_at: new Date(), upgrade_decided_by: ctx.userId }
            : {}),
        },
        ctx.userId,
      );
      await audit(tx, ctx, {
        action: 'member.exit',
        entity: 'member',
        entityId: m.id,
        before: { status: m.status },
        after: {
          status: 'EXITED',
          exitDate,
          reason: body.reason ?? null,
          settlement: view.settlement,
          settlementTotal: view.settlementTotal,
        },
      });
      return { ...view, exitDate, member: await detailOf(tx, ctx, m.id) };
    },
    { idempotent: true, message: 'member.exited' },
  );
}
