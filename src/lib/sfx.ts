/**
 * Game sound effects synthesised with Web Audio (no audio files to download): every game shares
 * them, behind one sound toggle that is off by default and, once turned on, stays on for the device
 * (localStorage). The audio context is made inside the click that turns sound on, or with the first
 * sound after a gesture when the choice was remembered (browsers allow audio only after a gesture).
 *
 * Usage: `setSfxEnabled(checked)` from the toggle's change handler, then `sfx.reelStop(2)`,
 * `sfx.chip()`, `sfx.card()`... anywhere; they do nothing while sound is off.
 */
let context: AudioContext | null = null;

/** The player's choice, kept on the device for every game (the frame is on the site's origin). */
export const SOUND_STORAGE_KEY = 'coin-casino.sound';
let enabled = readStored();

function readStored(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false; // storage refused (privacy settings): off, as by default
  }
}

/** Turns sound on or off and remembers it; call it from the toggle's own event handler (it unlocks the context). */
export function setSfxEnabled(on: boolean): void {
  enabled = on;
  try {
    localStorage.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; this page still follows the switch.
  }
  if (on) audio();
}

export function sfxEnabled(): boolean {
  return enabled;
}

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

type Wave = OscillatorType;

/** One enveloped tone: a quick attack, then an exponential fade; `slideTo` glides the pitch. */
function tone(frequency: number, startIn: number, duration: number, { volume = 0.08, type = 'triangle' as Wave, slideTo = 0 } = {}) {
  if (!enabled) return;
  const ctx = audio();
  if (!ctx) return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  const start = ctx.currentTime + startIn;
  oscillator.frequency.setValueAtTime(frequency, start);
  if (slideTo > 0) oscillator.frequency.exponentialRampToValueAtTime(slideTo, start + duration);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

/** A short burst of filtered noise: chips, cards, the ball's clatter. */
function noise(startIn: number, duration: number, { volume = 0.12, frequency = 2000, q = 1 } = {}) {
  if (!enabled) return;
  const ctx = audio();
  if (!ctx) return;
  const length = Math.max(1, Math.floor(ctx.sampleRate * duration));
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  filter.Q.value = q;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(ctx.currentTime + startIn);
}

const ARPEGGIO = [523, 659, 784, 1047, 1319, 1568];

export const sfx = {
  /** A button press. */
  click: () => tone(660, 0, 0.05, { volume: 0.05, type: 'square' }),
  /** The reels start: a short whoosh upwards. */
  spinStart: () => tone(180, 0, 0.25, { volume: 0.05, type: 'sawtooth', slideTo: 520 }),
  /** Reel `reel` (0 = leftmost) stops: a thunk a little higher for each reel. */
  reelStop: (reel: number) => {
    tone(140 + reel * 30, 0, 0.09, { volume: 0.12, type: 'square', slideTo: 70 });
    noise(0, 0.05, { volume: 0.06, frequency: 900 });
  },
  /** A win: a rising run, longer for bigger wins (0 = small, 1 = big, 2 = mega). */
  win: (level: 0 | 1 | 2 = 0) => {
    for (const [i, f] of ARPEGGIO.slice(0, 3 + level * 2 - (level === 2 ? 1 : 0)).entries()) tone(f, i * 0.08, 0.22, { volume: 0.09 });
  },
  /** One tick of a win count-up. */
  countTick: () => tone(1400 + Math.random() * 200, 0, 0.04, { volume: 0.035, type: 'square' }),
  /** A chip put on the table. */
  chip: () => {
    noise(0, 0.04, { volume: 0.18, frequency: 3800, q: 3 });
    tone(2300, 0, 0.05, { volume: 0.03 });
  },
  /** A card slid from the shoe. */
  card: () => noise(0, 0.09, { volume: 0.16, frequency: 2600, q: 0.7 }),
  /** A face-down card turned over. */
  flip: () => noise(0, 0.06, { volume: 0.14, frequency: 1500, q: 1.2 }),
  /** One pocket passing under the ball (call it as the wheel slows). */
  wheelTick: () => noise(0, 0.02, { volume: 0.08, frequency: 4200, q: 4 }),
  /** The ball drops into its pocket. */
  ballDrop: () => {
    noise(0, 0.05, { volume: 0.16, frequency: 3000, q: 2 });
    noise(0.09, 0.04, { volume: 0.1, frequency: 3200, q: 2 });
    noise(0.16, 0.03, { volume: 0.06, frequency: 3400, q: 2 });
  },
  /** A round lost: a soft falling tone. */
  lose: () => tone(330, 0, 0.25, { volume: 0.05, slideTo: 220 }),
};
