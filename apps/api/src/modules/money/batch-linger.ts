/**
 * The linger of the money-movement batchers (savings.batch.ts, loans.batch.ts): while another batch is in
 * flight, a free slot whose waiting items number fewer than `min` waits up to `ms` (from the oldest item's
 * arrival) for company, because a batch's fixed cost (BEGIN, COMMIT and its WAL flush, the numbering, the
 * statements' start-up) is then shared by more items. `ms` of 0 or less turns it off.
 */
export class Linger {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly min: number,
    /** Called when a wait is over, to try the slot again. */
    private readonly pump: () => void,
  ) {}

  /** Whether the free slot waits now; if so, a timer calls `pump` when the wait is over. */
  holds(queues: Iterable<readonly { at: number }[]>): boolean {
    if (this.ms <= 0) return false;
    let waiting = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (const q of queues) {
      waiting += q.length;
      if (q.length) oldest = Math.min(oldest, q[0]!.at);
    }
    const left = this.ms - (performance.now() - oldest);
    if (waiting >= this.min || left <= 0) return false;
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, Math.ceil(left));
    }
    return true;
  }
}
