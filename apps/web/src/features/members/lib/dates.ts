/** The cooperative's calendar day (Asia/Jakarta, WIB): the server dates interviews, joins and exits by it. */
export { todayWib } from '../../../lib/dates';
