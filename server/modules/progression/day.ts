/**
 * The player's day for missions and the login streak: it turns at midnight in DAY_START_TZ
 * (default Asia/Tokyo), whatever the server's own zone.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
function offsetAt(at: Date, tz: string): number {
  const p = partsIn(at, tz);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

export interface PlayerDay {
  /** YYYY-MM-DD in the zone. */
  day: string;
  start: Date;
  end: Date;
}

/** The day `at` falls in, with the instants it starts and ends. */
export function dayOf(at: Date, tz: string): PlayerDay {
  const p = partsIn(at, tz);
  const midnightUtc = Date.UTC(p.y, p.m - 1, p.d);
  // The offset at the local midnight (a zone with summer time may differ from the offset now).
  const start = midnightUtc - offsetAt(new Date(midnightUtc - offsetAt(at, tz)), tz);
  const next = Date.UTC(p.y, p.m - 1, p.d + 1);
  const end = next - offsetAt(new Date(next - offsetAt(at, tz)), tz);
  const day = `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
  return { day, start: new Date(start), end: new Date(end) };
}

/** The calendar day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}
