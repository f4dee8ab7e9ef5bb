/**
 * Slot sounds as Web Audio tones (no audio files): a tick when a reel stops, a rising run for a win.
 * Off unless the player turns them on; the context is made on that first click, as browsers require.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(frequency: number, startIn: number, duration: number, volume = 0.08) {
  const ctx = audio();
  if (!ctx) return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'triangle';
  oscillator.frequency.value = frequency;
  const start = ctx.currentTime + startIn;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}

export const sounds = {
  /** Makes the audio context inside the click that turned sound on. */
  unlock: () => void audio(),
  reelStop: (reel: number) => tone(220 + reel * 40, 0, 0.08),
  win: (big: boolean) => [523, 659, 784, ...(big ? [1047, 1319] : [])].forEach((f, i) => tone(f, i * 0.09, 0.18, 0.1)),
};
