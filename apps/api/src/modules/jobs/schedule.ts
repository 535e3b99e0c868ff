/**
 * Schedules in the cooperative's time zone: a daily job runs for a cooperative once its local clock has passed the
 * job's local time, on the cooperative's own calendar day. The zone is the cooperative's `timeZone` setting
 * (tenant_config), Asia/Jakarta (WIB) when it has none; WITA (Asia/Makassar) and WIT (Asia/Jayapura) cooperatives
 * run the same job one and two hours earlier in UTC.
 */

export interface LocalTime {
  hour: number;
  minute?: number;
}

export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** The local date (YYYY-MM-DD) and minutes since local midnight of `now` in `timeZone` (an unknown zone reads as WIB). */
export function localClock(now: Date, timeZone: string): { date: string; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return localClock(now, DEFAULT_TIME_ZONE);
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** The cooperatives whose local time `at` has come today, each with its local date (the run's key). */
export function dueCooperatives(now: Date, coops: Array<{ id: string; tz: string | null }>, at: LocalTime) {
  const target = at.hour * 60 + (at.minute ?? 0);
  const out: Array<{ id: string; localDate: string }> = [];
  for (const c of coops) {
    const clock = localClock(now, c.tz || DEFAULT_TIME_ZONE);
    if (clock.minutes >= target) out.push({ id: c.id, localDate: clock.date });
  }
  return out;
}
