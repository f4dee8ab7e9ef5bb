/**
 * Cards come out of the shoe one at a time: `playOut` walks from what is on the table to what the
 * server dealt, one step (one card, or turning the hole card) every `stepMs`, drawing each step.
 * With `stepMs` 0 (reduced motion) it goes to the end at once. Returns a function that stops it.
 */
export function playOut<V>(from: V, next: (v: V) => V | null, stepMs: number, show: (v: V) => void, done: () => void): () => void {
  if (stepMs <= 0) {
    let v = from;
    for (let n = next(v); n !== null; n = next(v)) v = n;
    show(v);
    done();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let v = from;
  const tick = () => {
    const n = next(v);
    if (n === null) {
      timer = undefined;
      done();
      return;
    }
    v = n;
    show(v);
    timer = setTimeout(tick, stepMs);
  };
  tick();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Milliseconds between two cards: none when the player asks for reduced motion. */
export const dealStepMs = (ms: number) => (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms);
