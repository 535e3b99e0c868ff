/** The cooperative's calendar day (Asia/Jakarta, WIB): the server dates interviews, joins and exits by it. */
export function todayWib(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
