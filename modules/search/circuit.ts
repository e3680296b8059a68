// A small circuit breaker, in memory per process: after `threshold` consecutive failures the
// provider is not called for `openMs` (calls fail fast instead of waiting out time-outs and
// spending quota on a provider that is down), then one call is let through to test it.
export interface CircuitOptions {
  threshold?: number;
  openMs?: number;
  clock: () => Date;
}

export class Circuit {
  private failures = 0;
  private openUntil: number | null = null;
  private probing = false;
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly clock: () => Date;

  constructor(options: CircuitOptions) {
    this.threshold = options.threshold ?? 3;
    this.openMs = options.openMs ?? 60_000;
    this.clock = options.clock;
  }

  /** When calls are refused: the time the circuit lets a test call through, else null. */
  refusedUntil(): Date | null {
    if (this.openUntil === null) return null;
    if (this.clock().getTime() < this.openUntil || this.probing) return new Date(this.openUntil);
    this.probing = true; // half-open: this caller is the one test call
    return null;
  }

  success(): void {
    this.failures = 0;
    this.openUntil = null;
    this.probing = false;
  }

  failure(): void {
    this.failures++;
    if (this.probing || this.failures >= this.threshold) {
      this.openUntil = this.clock().getTime() + this.openMs;
      this.probing = false;
    }
  }
}
