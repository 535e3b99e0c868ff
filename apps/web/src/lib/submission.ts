/**
 * Idempotency of a form submission (shared by the money forms; savings keeps
 * its own copy in features/savings/lib). One Idempotency-Key per submission:
 * a retry of the same request (the network failed, the server refused, the
 * user pressed again) sends the same key, and the same startedAt when the
 * request carries a time, so the server posts at most once. Changing what is
 * sent starts a new submission; a success ends it.
 */
import { useRef } from 'react';
import { uuid } from './id';

export interface SubmissionTicket {
  key: string;
  /** ISO time the submission started: the transfer's timeOfRequest. */
  startedAt: string;
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${k}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

export class SubmissionKeys {
  private current: (SubmissionTicket & { payload: string }) | null = null;

  constructor(
    private readonly newKey: () => string = uuid,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The ticket for sending `payload`: the pending one when it is a retry of the same payload, else a new one. */
  ticket(payload: unknown): SubmissionTicket {
    const p = stable(payload);
    if (!this.current || this.current.payload !== p) {
      this.current = { key: this.newKey(), startedAt: this.now().toISOString(), payload: p };
    }
    return { key: this.current.key, startedAt: this.current.startedAt };
  }

  /** The request went through: the next submission is a new one. */
  done(): void {
    this.current = null;
  }

  get pendingKey(): string | null {
    return this.current?.key ?? null;
  }
}

/** One `SubmissionKeys` per mounted form. */
export function useSubmissionKeys(): SubmissionKeys {
  const ref = useRef<SubmissionKeys | null>(null);
  ref.current ??= new SubmissionKeys();
  return ref.current;
}
